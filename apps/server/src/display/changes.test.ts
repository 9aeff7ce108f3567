/**
 * `GET /display/changes/:devid?since=N` (delta sync, decision 016): the answers a kiosk gets (304,
 * a delta, a "full"), its bad input, its auth, gzip, and the cache that builds one answer for many
 * totems. The property itself (delta applied to any snapshot gives the latest) is in
 * delta-repository.test.ts.
 */
import { gunzipSync } from 'node:zlib';
import {
  ERROR_CODES,
  TOKEN_HEADER,
  type ContentChanges,
  type ContentDelta,
  type Envelope,
  type Snapshot,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_DELTA_SHARE } from './delta-repository.js';
import { TEST_PUBLISH_TOKEN, createFixture, type Fixture } from '../testing/fixture.js';

const DAY = 86_400_000;

let f: Fixture;
let token: string;
beforeAll(async () => {
  f = await createFixture();
  token = await f.token();
});
afterAll(async () => {
  await f.close();
});

const changes = (since: number | string, headers: Record<string, string> = {}) =>
  f.app.inject({
    method: 'GET',
    url: `/display/changes/${f.ids.devid}?since=${since}`,
    headers: { [TOKEN_HEADER]: token, ...headers },
  });
const snapshot = async () =>
  (
    await f.app.inject({
      method: 'GET',
      url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
      headers: { [TOKEN_HEADER]: token },
    })
  ).json<Envelope<Snapshot>>().data!;
const publish = async () => {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('publish', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` },
    payload: { type: 'sync' },
  });
  expect(response.statusCode).toBe(200);
};
const answer = (response: { json: <T>() => T }) => response.json<Envelope<ContentChanges>>().data!;
const countsOf = (data: Snapshot) => ({
  zones: data.zones.length,
  elements: data.elements.length,
  subelements: data.subelements.length,
  subgroups: data.subgroups.length,
  alertTemplates: data.alertTemplates?.length ?? 0,
});
const none = { zones: [], elements: [], subelements: [], subgroups: [], alertTemplates: [] };

describe('GET /display/changes/:devid', () => {
  it('answers 304 with no body when since is the latest revision', async () => {
    const { version } = await snapshot();
    const response = await changes(version);
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(pathOf('changes', { params: { devid: f.ids.devid }, query: { since: version } })).toBe(
      `/display/changes/${f.ids.devid}?since=${version}`,
    );
  });

  it('after a one-element publish, sends exactly that element, and the counts', async () => {
    const before = await snapshot();
    const elementid = f.ids.planElements[2]!;
    await f.repos.draft.updateElementValue(elementid, '/media/images/plan-delta.png');
    await publish();
    const after = await snapshot();
    const response = await changes(before.version);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json<Envelope<ContentChanges>>()).toMatchObject({ message: 'OK', error: null });
    const delta = answer(response) as ContentDelta;
    expect(delta).toMatchObject({
      devid: f.ids.devid,
      full: false,
      from: before.version,
      to: before.version + 1,
      generatedAt: f.clock.now.toISOString(),
    });
    expect(delta.puts).toEqual({
      ...none,
      elements: [after.elements.find((element) => element.elementid === elementid)],
    });
    expect(delta.puts.elements[0]!.value).toBe('/media/images/plan-delta.png');
    expect(delta.deletes).toEqual(none);
    expect(delta.counts).toEqual(countsOf(after));
    expect((await changes(after.version)).statusCode).toBe(304);
  });

  it('deletes a sub-group that expired since, with its sub-elements, without any publish', async () => {
    const before = await snapshot();
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 3 * DAY);
    try {
      const response = await changes(before.version);
      expect(response.statusCode).toBe(200);
      const delta = answer(response) as ContentDelta;
      expect(delta.from).toBe(before.version);
      expect(delta.to).toBe(before.version);
      expect(delta.puts).toEqual(none);
      const catalogueSubelements = before.subelements
        .filter((sub) => sub.subgroupinfo?.subgroupid === f.ids.catalogue)
        .map((sub) => sub.subelementid)
        .sort((a, b) => a - b);
      expect(catalogueSubelements).toHaveLength(3);
      expect(delta.deletes).toEqual({
        ...none,
        subgroups: [f.ids.catalogue],
        subelements: catalogueSubelements,
      });
      expect(delta.counts).toEqual(countsOf(await snapshot()));
    } finally {
      f.clock.now = saved;
    }
  });

  it('tells the kiosk to fetch the snapshot: unknown revision, ahead, too large', async () => {
    const { version } = await snapshot();
    const full = async (since: number) => {
      const response = await changes(since);
      expect(response.statusCode).toBe(200);
      return answer(response);
    };
    expect(await full(0)).toEqual({
      devid: f.ids.devid,
      full: true,
      reason: 'unknown-revision',
      to: version,
    });
    expect(await full(version + 1)).toEqual({
      devid: f.ids.devid,
      full: true,
      reason: 'ahead',
      to: version,
    });

    // Just over the share: `added` new elements against a plant of `total` records.
    const total = Object.values(countsOf(await snapshot())).reduce((a, b) => a + b, 0);
    const added = Math.floor((MAX_DELTA_SHARE * total) / (1 - MAX_DELTA_SHARE)) + 1;
    for (let i = 0; i < added; i++) {
      await f.repos.draft.createElement({
        zoneid: f.ids.planZone,
        order: 100 + i,
        value: `/media/images/extra-${i}.png`,
        type: 'image',
      });
    }
    await publish();
    expect(await full(version)).toEqual({
      devid: f.ids.devid,
      full: true,
      reason: 'too-large',
      to: version + 1,
    });
    // One fewer change would have been a delta: the rule is "more than the share".
    const latest = await snapshot();
    const grand = Object.values(countsOf(latest)).reduce((a, b) => a + b, 0);
    expect(added).toBeGreaterThan(MAX_DELTA_SHARE * grand);
    expect(added - 1).toBeLessThanOrEqual(MAX_DELTA_SHARE * (grand - 1));
  });

  it('answers 400 in the envelope for a bad or missing since', async () => {
    for (const since of ['abc', '-1', '1.5', '1e3', '99999999999']) {
      const response = await changes(since);
      expect(response.statusCode, since).toBe(400);
      expect(response.json<Envelope<null>>()).toMatchObject({
        data: null,
        error: ERROR_CODES.badRequest,
      });
      expect(response.json<Envelope<null>>().message, since).toContain('since');
    }
    const missing = await f.app.inject({
      url: `/display/changes/${f.ids.devid}`,
      headers: { [TOKEN_HEADER]: token },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Envelope<null>>()).toMatchObject({
      error: ERROR_CODES.badRequest,
      message: "Missing query parameter 'since'",
    });
  });

  it('answers 401 without or with a wrong token, 403 for another development', async () => {
    const url = pathOf('changes', { params: { devid: f.ids.devid }, query: { since: 1 } });
    expect((await f.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await f.app.inject({ url, headers: { [TOKEN_HEADER]: 'not-a-token' } })).statusCode,
    ).toBe(401);
    const other = await f.app.inject({
      url,
      headers: { [TOKEN_HEADER]: await f.token(f.ids.otherDevid) },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json<Envelope<null>>()).toMatchObject({
      data: null,
      error: ERROR_CODES.forbidden,
    });
  });

  it('gzips for clients that accept it', async () => {
    const { version } = await snapshot();
    await f.repos.draft.updateElementValue(f.ids.planElements[4]!, '/media/images/zip.png');
    await publish();
    const plain = await changes(version);
    const zipped = await changes(version, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('builds the answer for one revision once, however many kiosks ask at once', async () => {
    const { version } = await snapshot();
    await f.repos.draft.updateElementValue(f.ids.planElements[5]!, '/media/images/many.png');
    await publish();
    f.app.kiosk.deltas.clear();
    const build = vi.spyOn(f.repos.deltas, 'changes');
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          changes(version, i % 2 ? { 'accept-encoding': 'gzip' } : {}),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      expect(build).toHaveBeenCalledTimes(1);
      const bodies = responses.map((response) =>
        response.headers['content-encoding'] === 'gzip'
          ? gunzipSync(response.rawPayload).toString('utf8')
          : response.body,
      );
      expect(new Set(bodies).size).toBe(1);
      // Later kiosks get the kept answer; a publish makes it stale.
      expect((await changes(version)).body).toBe(bodies[0]);
      expect(build).toHaveBeenCalledTimes(1);
      await f.repos.draft.updateElementValue(f.ids.planElements[5]!, '/media/images/again.png');
      await publish();
      expect((answer(await changes(version)) as ContentDelta).to).toBe(version + 2);
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      build.mockRestore();
    }
  });

  it('is undefined in the cache for a development that does not exist (the route answers 404)', async () => {
    expect(await f.app.kiosk.deltas.get(999_999, 1)).toBeUndefined();
  });
});
