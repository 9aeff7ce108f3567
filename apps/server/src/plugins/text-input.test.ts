import { pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../testing/fixture.js';
import { containsNul, NUL_MESSAGE } from './text-input.js';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f.close();
});

describe('NUL in text input', () => {
  it('finds a NUL in any string or key, however deep', () => {
    let deep: unknown = 'a\0b';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ ['k\0']: 1 })).toBe(true);
    expect(containsNul({ a: ['x', { b: 'y' }], n: 1, z: null })).toBe(false);
    expect(containsNul(Buffer.from([0]))).toBe(false);
  });

  it('is a 400 on both stores, not a 500 on PostgreSQL', async () => {
    const login = await f.app.inject({
      method: 'POST',
      url: '/clientauth',
      payload: { devname: 'neubourg\0', loginRequest: { login: 'kiosk', password: 'x' } },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: 'bad_request', message: NUL_MESSAGE });
    // A zone name (path) and field names (query) that would reach the store.
    const auth = await f.auth();
    const zone = await f.app.inject({
      url: pathOf('zone', { params: { devid: f.ids.devid, zonename: 'Plan\0' } }),
      headers: auth,
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.headers['x-content-type-options']).toBe('nosniff');
    const fields = await f.app.inject({
      url: pathOf('populatedSubgroups', {
        params: { elementid: f.ids.category, modelLabel: 'Produit' },
        query: { fields: ['titre\0'] },
      }),
      headers: auth,
    });
    expect(fields.statusCode).toBe(400);
    // A query parameter the route does not take is dropped, NUL or not.
    const ignored = await f.app.inject({
      url: `/display/zones/${f.ids.devid}?x=%00`,
      headers: await f.auth(),
    });
    expect(ignored.statusCode).toBe(200);
    expect(containsNul(Object.assign(Object.create(null) as object, { q: '\0' }))).toBe(true);
    // A file path never reaches the store: no such file.
    expect((await f.app.inject({ url: '/media/images/%00.png' })).statusCode).toBe(404);
  });
});
