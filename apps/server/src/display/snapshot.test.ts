import { gunzipSync } from 'node:zlib';
import { TOKEN_HEADER, type Envelope, type Snapshot, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLISH_TOKEN, createFixture, type Fixture } from '../testing/fixture.js';

let f: Fixture;
let token: string;
beforeAll(async () => {
  f = await createFixture();
  token = await f.token();
});
afterAll(async () => {
  await f.close();
});

const snapshot = (headers: Record<string, string> = {}) =>
  f.app.inject({
    method: 'GET',
    url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: token, ...headers },
  });
const publish = () =>
  f.app.inject({
    method: 'POST',
    url: pathOf('publish', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` },
    payload: { type: 'sync' },
  });

describe('GET /display/snapshot/:devid', () => {
  it('returns the four collections of the development in the envelope', async () => {
    const response = await snapshot();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const envelope = response.json<Envelope<Snapshot>>();
    expect(envelope).toMatchObject({ message: 'OK', error: null });
    const data = envelope.data!;
    expect(data.devid).toBe(f.ids.devid);
    expect(data.version).toBe(1);
    expect(data.generatedAt).toBe(f.clock.now.toISOString());
    expect(data.zones.map((zone) => zone.zoneid).sort()).toEqual(
      [f.ids.planZone, f.ids.productsZone].sort(),
    );
    expect(data.elements).toHaveLength(8);
    expect(data.subgroups.map((group) => group.subgroupid)).toEqual([
      f.ids.liveProduct,
      f.ids.catalogue,
    ]);
    expect(data.subelements.some((sub) => sub.value === 'Pompe Périmée')).toBe(false);
    expect(data.subelements.some((sub) => sub.value === 'Autre')).toBe(false);
  });

  it('carries a strong ETag; a matching If-None-Match gets 304 with no body', async () => {
    const first = await snapshot();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(new RegExp(`^"${f.ids.devid}-1-[A-Za-z0-9_-]+"$`));
    expect((await snapshot()).headers.etag).toBe(etag);
    const notModified = await snapshot({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await snapshot({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await snapshot({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('gzips for clients that accept it', async () => {
    const plain = await snapshot();
    const zipped = await snapshot({ 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    const unzipped = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(unzipped).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(
      (await snapshot({ 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('changes (new version, new ETag) after a publish of an edit, and not before', async () => {
    const before = await snapshot();
    await f.repos.draft.updateElementValue(f.ids.planElements[1]!, '/media/images/edited.png');
    const unpublished = await snapshot({ 'if-none-match': before.headers.etag as string });
    expect(unpublished.statusCode).toBe(304);
    expect((await publish()).statusCode).toBe(200);
    const after = await snapshot({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Envelope<Snapshot>>().data!.version).toBe(
      before.json<Envelope<Snapshot>>().data!.version + 1,
    );
  });

  it('changes by itself when a sub-group expires, without any publish', async () => {
    const before = await snapshot();
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 3 * 86_400_000);
    try {
      const after = await snapshot({ 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const groups = after
        .json<Envelope<Snapshot>>()
        .data!.subgroups.map((group) => group.subgroupid);
      expect(groups).toEqual([f.ids.liveProduct]);
    } finally {
      f.clock.now = saved;
    }
  });

  it('keeps the same ETag for the same content, whenever it was built', async () => {
    const first = await snapshot();
    f.app.kiosk.snapshots.clear();
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 60_000);
    try {
      const rebuilt = await snapshot();
      expect(rebuilt.json<Envelope<Snapshot>>().data!.generatedAt).not.toBe(
        first.json<Envelope<Snapshot>>().data!.generatedAt,
      );
      expect(rebuilt.headers.etag).toBe(first.headers.etag);
    } finally {
      f.clock.now = saved;
    }
  });

  it('answers 400 for a bad devid and 401 without a token', async () => {
    expect(
      (await f.app.inject({ url: '/display/snapshot/abc', headers: { token } })).statusCode,
    ).toBe(400);
    expect(
      (await f.app.inject({ url: pathOf('snapshot', { params: { devid: f.ids.devid } }) }))
        .statusCode,
    ).toBe(401);
  });
});
