import {
  type Envelope,
  type PublishResponse,
  type StreamEvent,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLISH_TOKEN, createFixture, type Fixture } from '../testing/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f.close();
});

const publish = (
  payload: unknown,
  options: { devid?: number; authorization?: string | null } = {},
) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('publish', { params: { devid: options.devid ?? f.ids.devid } }),
    headers:
      options.authorization === null
        ? {}
        : { authorization: options.authorization ?? `Bearer ${TEST_PUBLISH_TOKEN}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('POST /api/publish/:devid', () => {
  it('publishes the draft as a new revision and sends a sync to the development’s listeners only', async () => {
    const mine: StreamEvent[] = [];
    const theirs: StreamEvent[] = [];
    const stopMine = f.bus.subscribe(f.ids.devid, (message) => mine.push(message));
    const stopTheirs = f.bus.subscribe(f.ids.otherDevid, (message) => theirs.push(message));
    try {
      const before = (await f.repos.developments.find(f.ids.devid))!.content_version;
      await f.repos.draft.updateElementValue(f.ids.planElements[3]!, '/media/images/api.png');
      const response = await publish({ type: 'sync', note: '  Plan mis à jour ' });
      expect(response.statusCode).toBe(200);
      const envelope = response.json<Envelope<PublishResponse>>();
      const revision = before + 1;
      const message = { devid: f.ids.devid, type: 'sync', version: revision, revision };
      expect(envelope.data).toMatchObject({ delivered: 1, message, revision, created: true });
      expect(envelope.data!.counts.element).toEqual({ added: 0, changed: 1, removed: 0 });
      expect(mine).toEqual([message]);
      expect(theirs).toEqual([]);
      expect((await f.repos.developments.find(f.ids.devid))!.content_version).toBe(revision);
      expect(await f.repos.revisions.find(f.ids.devid, revision)).toMatchObject({
        author: { kind: 'api', name: null, userid: null },
        note: 'Plan mis à jour',
        source: 'publish',
      });

      // Nothing left to publish: no revision, the current one is announced again.
      const again = await publish({});
      expect(again.json<Envelope<PublishResponse>>().data).toMatchObject({
        revision,
        created: false,
        message: { version: revision },
      });
      expect(mine).toHaveLength(2);
      expect((await f.repos.developments.find(f.ids.devid))!.content_version).toBe(revision);
    } finally {
      stopMine();
      stopTheirs();
    }
  });

  it('defaults to sync with an empty or absent body', async () => {
    for (const payload of [undefined, {}]) {
      const response = await publish(payload);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Envelope<PublishResponse>>().data!.message.type).toBe('sync');
    }
  });

  it('sends zone and element messages for items of the development', async () => {
    const zone = await publish({ type: 'zone', zoneid: f.ids.planZone });
    expect(zone.statusCode).toBe(200);
    expect(zone.json<Envelope<PublishResponse>>().data!.message).toMatchObject({
      devid: f.ids.devid,
      type: 'zone',
      zoneid: f.ids.planZone,
    });
    const element = await publish({ type: 'element', elementid: f.ids.category });
    expect(element.json<Envelope<PublishResponse>>().data!.message).toMatchObject({
      type: 'element',
      elementid: f.ids.category,
      zoneid: f.ids.productsZone,
    });
  });

  it.each([
    [{ type: 'zone' }, 400, /needs "zoneid"/],
    [{ type: 'element' }, 400, /needs "elementid"/],
    [{ type: 'sync', zoneid: 1 }, 400, /takes no "zoneid"/],
    [{ type: 'everything' }, 400, /body field 'type': must be one of "sync", "zone", "element"/],
    [{ type: 'zone', zoneid: 0 }, 400, /'zoneid'/],
    [{ type: 'zone', zoneid: 999_999 }, 404, /Zone 999999 does not exist/],
  ])('rejects %j with %i', async (payload, status, message) => {
    const response = await publish(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json<Envelope<null>>().message).toMatch(message);
  });

  it("refuses another development's zone or element (404)", async () => {
    expect((await publish({ type: 'zone', zoneid: f.ids.otherZone })).statusCode).toBe(404);
    expect((await publish({ type: 'element', elementid: f.ids.otherElement })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for an unknown development and 400 for a bad devid', async () => {
    expect((await publish({}, { devid: 999_999 })).statusCode).toBe(404);
    const response = await f.app.inject({
      method: 'POST',
      url: '/api/publish/abc',
      headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` },
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs the publish token: 401 without it, 403 when wrong', async () => {
    expect((await publish({}, { authorization: null })).statusCode).toBe(401);
    expect((await publish({}, { authorization: 'Basic abc' })).statusCode).toBe(401);
    const wrong = await publish({}, { authorization: 'Bearer not-the-token' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ data: null, error: 'forbidden' });
    // A kiosk token is not a publish token.
    expect((await publish({}, { authorization: `Bearer ${await f.token()}` })).statusCode).toBe(
      403,
    );
  });

  it('is audited like a back-office publish, by "api", created or not (issue 42)', async () => {
    await f.repos.draft.updateElementValue(f.ids.planElements[2]!, '/media/images/audit.png');
    const response = await publish({ type: 'sync', note: ' Audité ' });
    expect(response.statusCode).toBe(200);
    const result = response.json<Envelope<PublishResponse>>().data!;
    const [entry] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
    expect(entry).toMatchObject({
      userid: null,
      username: 'api',
      devid: f.ids.devid,
      action: 'publish',
      targetType: 'development',
      targetId: f.ids.devid,
      summary: {
        note: 'Audité',
        message: result.message,
        delivered: result.delivered,
        revision: result.revision,
        created: true,
        counts: result.counts,
      },
    });

    // Nothing new in the draft: still audited, the revision announced again and not created.
    expect((await publish({})).statusCode).toBe(200);
    const [again] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
    expect(again).toMatchObject({
      username: 'api',
      action: 'publish',
      summary: { revision: result.revision, created: false },
    });
    expect(again!.id).toBeGreaterThan(entry!.id);
  });
});
