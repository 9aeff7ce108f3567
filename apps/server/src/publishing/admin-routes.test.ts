import {
  type AdminElement,
  type AuditEntry,
  type Envelope,
  type PublishResponse,
  type StreamEvent,
  type StreamMessage,
  pathOf,
} from '@plant-kiosk/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../testing/sse-client.js';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let base: string;
beforeAll(async () => {
  f = await createAdminFixture();
  admin = await f.asAdmin();
  editor = await f.asEditor();
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});

/** The content messages (every stream also starts with the alert state, emergency alerts). */
const messagesIn = (text: string): StreamMessage[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as StreamEvent)
    .filter((message): message is StreamMessage => message.type !== 'alert');

describe('POST /api/admin/developments/:devid/publish', () => {
  it('reaches a kiosk’s event stream after an edit, and is audited', async () => {
    const stream = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } })}`,
    );
    try {
      expect(stream.status).toBe(200);
      const edit = await editor.patch(
        pathOf('adminUpdateElement', { params: { elementid: f.ids.planElements[2]! } }),
        {
          expectedVersion: 1,
          value: 'media/images/plan-modifie.svg',
        },
      );
      expect(edit.statusCode, edit.body).toBe(200);
      const kioskValue = async () =>
        (
          await f.app.inject({
            method: 'GET',
            url: pathOf('elements', {
              params: { zoneid: f.ids.planZone },
              query: { order: 3, quantity: 1 },
            }),
            headers: await f.auth(),
          })
        ).json<Envelope<AdminElement[]>>().data![0]!.value;
      // Saved is not published: the kiosk still reads the published value.
      expect(await kioskValue()).toBe('/media/images/plan-3.png');
      const response = await editor.post(
        pathOf('adminPublish', { params: { devid: f.ids.devid } }),
        {
          type: 'element',
          elementid: f.ids.planElements[2],
          note: 'Nouveau plan',
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      const result = data<PublishResponse>(response);
      expect(result.delivered).toBe(1);
      expect(response.json<Envelope<PublishResponse>>().message).toBe(
        `Révision ${result.revision} publiée : 1 kiosque connecté a été prévenu.`,
      );
      await stream.waitFor((text) => text.includes('"type":"element"'));
      expect(messagesIn(stream.text())).toEqual([
        {
          devid: f.ids.devid,
          type: 'element',
          zoneid: f.ids.planZone,
          elementid: f.ids.planElements[2],
          version: result.revision,
          revision: result.revision,
        },
      ]);
      // The kiosk's next read has the edit.
      expect(await kioskValue()).toBe('media/images/plan-modifie.svg');
      expect(await f.repos.revisions.find(f.ids.devid, result.revision)).toMatchObject({
        author: { kind: 'user', name: 'editrice', userid: f.users.editor },
        note: 'Nouveau plan',
        counts: { element: { added: 0, changed: 1, removed: 0 } },
      });
      const [entry] = data<AuditEntry[]>(
        await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
      );
      expect(entry).toMatchObject({
        action: 'publish',
        username: 'editrice',
        targetType: 'element',
        targetId: f.ids.planElements[2],
        summary: {
          delivered: 1,
          message: result.message,
          revision: result.revision,
          created: true,
        },
      });
    } finally {
      stream.close();
    }
  });

  it('sends a sync by default, to that development only', async () => {
    const mine: StreamEvent[] = [];
    const theirs: StreamEvent[] = [];
    const stopMine = f.bus.subscribe(f.ids.devid, (message) => mine.push(message));
    const stopTheirs = f.bus.subscribe(f.ids.otherDevid, (message) => theirs.push(message));
    try {
      const response = await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }));
      expect(response.statusCode, response.body).toBe(200);
      expect(mine.map((message) => message.type)).toEqual(['sync']);
      expect(theirs).toEqual([]);
    } finally {
      stopMine();
      stopTheirs();
    }
  });

  it('checks the request: CSRF, a zone of this development, an existing development', async () => {
    expect(
      (
        await admin.post(
          pathOf('adminPublish', { params: { devid: f.ids.devid } }),
          {},
          { csrf: null },
        )
      ).statusCode,
    ).toBe(403);
    const otherZone = await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {
      type: 'zone',
      zoneid: f.ids.otherZone,
    });
    expect(otherZone.statusCode).toBe(404);
    const bad = await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {
      type: 'everything',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await admin.post(pathOf('adminPublish', { params: { devid: 999 } }), {})).statusCode,
    ).toBe(404);
  });

  it('refuses a user without the right to the development (403), and publishes nothing', async () => {
    await f.repos.draft.updateElementValue(f.ids.otherElement, '/media/images/other-2.png');
    const before = (await f.repos.developments.find(f.ids.otherDevid))!.content_version;
    const refused = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.otherDevid } }),
      {},
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ data: null, error: 'forbidden' });
    expect((await f.repos.developments.find(f.ids.otherDevid))!.content_version).toBe(before);
    expect(await f.repos.live.findElement(f.ids.otherElement)).toMatchObject({
      item: { value: '/media/images/other.png' },
    });
  });
});
