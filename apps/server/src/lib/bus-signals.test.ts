/**
 * What the app does with the bus's cache signals, whichever bus carries them (in-memory on the
 * `server` project, LISTEN/NOTIFY on `server-pg`): the signals another instance sends after an
 * edit, a revocation, or when this instance's bus lost its connection.
 */
import type { AddressInfo } from 'node:net';
import { type Envelope, type Zone, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, publishDraftDirectly, type Fixture } from '../testing/fixture.js';
import { openStream } from '../testing/sse-client.js';

let f: Fixture;
beforeAll(async () => {
  // Caches that would stay stale for the whole test unless a signal clears them.
  f = await createFixture({ app: { contentVersionCacheMs: 60_000, tokenVersionCacheMs: 60_000 } });
});
afterAll(async () => {
  await f.close();
});

const zoneNames = async (headers: Record<string, string>) =>
  (await f.app.inject({ url: pathOf('zones', { params: { devid: f.ids.devid } }), headers }))
    .json<Envelope<Zone[]>>()
    .data!.map((zone) => zone.zonename);

describe('cache signals from the event bus', () => {
  it('content: a change made elsewhere shows at once, not after the cache delay', async () => {
    const auth = await f.auth();
    expect(await zoneNames(auth)).not.toContain('Cantine');
    // As another instance would: publish, then signal.
    await f.repos.draft.createZone({ devid: f.ids.devid, zonename: 'Cantine', type: 'images' });
    await publishDraftDirectly(f.repos, f.ids.devid);
    expect(await zoneNames(auth)).not.toContain('Cantine');
    await f.bus.invalidate({ kind: 'content', devid: f.ids.devid });
    expect(await zoneNames(auth)).toContain('Cantine');
  });

  it('tokens: a revocation made elsewhere bites at once', async () => {
    const auth = await f.auth();
    expect(
      (
        await f.app.inject({
          url: pathOf('zones', { params: { devid: f.ids.devid } }),
          headers: auth,
        })
      ).statusCode,
    ).toBe(200);
    await f.repos.accounts.revokeTokens(f.ids.devid);
    expect(
      (
        await f.app.inject({
          url: pathOf('zones', { params: { devid: f.ids.devid } }),
          headers: auth,
        })
      ).statusCode,
    ).toBe(200);
    await f.bus.invalidate({ kind: 'tokens', devid: f.ids.devid });
    expect(
      (
        await f.app.inject({
          url: pathOf('zones', { params: { devid: f.ids.devid } }),
          headers: auth,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('reset: open streams end (kiosks reconnect and sync) and every cache is forgotten', async () => {
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
    const auth = await f.auth();
    const stream = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: auth.token! } })}`,
    );
    await stream.waitFor((text) => text.includes('retry:'));
    expect(f.app.kiosk.streams.size).toBe(1);
    await f.repos.draft.createZone({ devid: f.ids.devid, zonename: 'Magazine', type: 'images' });
    await publishDraftDirectly(f.repos, f.ids.devid);
    expect(await zoneNames(auth)).not.toContain('Magazine');

    await f.bus.invalidate({ kind: 'reset' });
    await stream.ended;
    expect(f.app.kiosk.streams.size).toBe(0);
    expect(await zoneNames(auth)).toContain('Magazine');
  });
});
