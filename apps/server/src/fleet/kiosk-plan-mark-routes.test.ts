/**
 * « Vous êtes ici » (issue 47, decision 038): `PUT …/kiosks/:kioskId/plan-marks` places a totem's
 * points on the published « Plan du site » images (French 400 otherwise), audited, and tells that
 * totem over its stream (`profile`); `GET` flags a point whose image was replaced since; the totem
 * reads its own points, name and place with `kioskOwnSettings` (its token's totem only). A publish
 * cannot send a `profile` or `forgotten` message. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`).
 */
import {
  KIOSK_PLAN_MARKS_AUDIT_ACTION,
  TOKEN_HEADER,
  hashPasswordForLogin,
  pathOf,
  type AuditEntry,
  type Envelope,
  type KioskOwnSettings,
  type KioskPlanMarks,
  type LoginResponse,
  type PlanMarkInput,
} from '@plant-kiosk/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { DEMO_PASSWORD, TEST_PUBLISH_TOKEN, publishDraftDirectly } from '../testing/fixture.js';
import { openStream } from '../testing/sse-client.js';
import { KIOSK_PLAN_MARK_MESSAGES } from './kiosk-plan-marks.js';

let f: AdminFixture;
let base: string;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite({
    app: { tokenVersionCacheMs: 0 },
  }));
  await publishDraftDirectly(f.repos, f.ids.devid);
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});

/** A totem of development A, logged in (its own id) and seen once (its `kiosks` row). */
async function totem(): Promise<LoginResponse> {
  const login = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: 'neubourg',
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
    },
  });
  expect(login.statusCode, login.body).toBe(200);
  const session = login.json<Envelope<LoginResponse>>().data!;
  await f.repos.kiosks.record({
    devid: f.ids.devid,
    kioskId: session.kioskId!,
    now: f.clock.now,
    report: { mode: 'totem' },
  });
  return session;
}

const marksPath = (kioskId: string, devid: number = f.ids.devid) =>
  pathOf('adminKioskPlanMarks', { params: { devid, kioskId } });
const save = (client: AdminClient, kioskId: string, marks: PlanMarkInput[]) =>
  client.put(marksPath(kioskId), { marks });
const ownSettings = (token: string) =>
  f.app.inject({
    method: 'GET',
    url: pathOf('kioskOwnSettings', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: token },
  });
const planImage = (order: number) => `/media/images/plan-${order}.png`;

describe('« Vous êtes ici » points', () => {
  it('places points on the published plan images; the totem reads them, its own only', async () => {
    const mine = await totem();
    const neighbour = await totem();
    const [first, second] = f.ids.planElements;
    const response = await editor.put(marksPath(mine.kioskId!), {
      marks: [
        { elementid: second, x: 0.3, y: 0.75 },
        { elementid: first, x: 0.5, y: 0.25 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(KIOSK_PLAN_MARK_MESSAGES.saved);
    const expected = [
      { elementid: first, x: 0.5, y: 0.25, image: planImage(1) },
      { elementid: second, x: 0.3, y: 0.75, image: planImage(2) },
    ];
    expect(data<KioskPlanMarks>(response)).toEqual({
      devid: f.ids.devid,
      kioskId: mine.kioskId,
      marks: expected.map((mark) => ({ ...mark, stale: false })),
      // The published plan images, in the zone's order: where the back-office may put a point.
      images: f.ids.planElements.map((elementid, index) => ({
        elementid,
        image: planImage(index + 1),
      })),
    });

    const read = await ownSettings(mine.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(data<KioskOwnSettings>(read)).toEqual({
      kioskId: mine.kioskId,
      name: null,
      location: null,
      marks: expected,
      // The default mount until its profile says where its screen is (issue 52).
      screenBottomMm: null,
      screenTopMm: null,
    });
    expect(data<KioskOwnSettings>(await ownSettings(neighbour.token)).marks).toEqual([]);

    // Its name and place come along once the profile has them.
    const named = await editor.put(
      pathOf('adminKioskProfile', { params: { devid: f.ids.devid, kioskId: mine.kioskId! } }),
      {
        name: 'Hall',
        location: 'Bâtiment A',
        groups: [],
        note: null,
        screenBottomMm: 900,
        screenTopMm: 2100,
      },
    );
    expect(named.statusCode, named.body).toBe(200);
    expect(data<KioskOwnSettings>(await ownSettings(mine.token))).toMatchObject({
      name: 'Hall',
      location: 'Bâtiment A',
      screenBottomMm: 900,
      screenTopMm: 2100,
    });

    // Saved whole: a list without the second image removes its point.
    await save(admin, mine.kioskId!, [{ elementid: first!, x: 0.5, y: 0.25 }]);
    expect(data<KioskPlanMarks>(await admin.get(marksPath(mine.kioskId!))).marks).toEqual([
      { ...expected[0], stale: false },
    ]);
  });

  it('refuses what is not a published plan image, two points on one image, others’ totems', async () => {
    const { kioskId } = await totem();
    const [first] = f.ids.planElements;
    const notPlan = await save(editor, kioskId!, [{ elementid: f.ids.category, x: 0.1, y: 0.1 }]);
    expect(notPlan.statusCode).toBe(400);
    expect(notPlan.json<{ message: string }>().message).toBe(
      KIOSK_PLAN_MARK_MESSAGES.notPlanImage(f.ids.category),
    );
    const twice = await save(editor, kioskId!, [
      { elementid: first!, x: 0.1, y: 0.1 },
      { elementid: first!, x: 0.2, y: 0.2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe(KIOSK_PLAN_MARK_MESSAGES.twice(first!));
    expect((await save(editor, kioskId!, [{ elementid: first!, x: 1.5, y: 0 }])).statusCode).toBe(
      400,
    );
    expect((await save(editor, 'no-such-totem', [])).statusCode).toBe(404);
    expect((await otherEditor.put(marksPath(kioskId!), { marks: [] })).statusCode).toBe(403);
    expect((await otherEditor.get(marksPath(kioskId!))).statusCode).toBe(403);
    expect(data<KioskPlanMarks>(await admin.get(marksPath(kioskId!))).marks).toEqual([]);
  });

  it('audits a change once; an identical save changes nothing', async () => {
    const { kioskId } = await totem();
    const [, , third] = f.ids.planElements;
    const marks = [{ elementid: third!, x: 0.125, y: 0.875 }];
    expect((await save(admin, kioskId!, marks)).statusCode).toBe(200);
    const again = await save(admin, kioskId!, marks);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string }>().message).toBe(KIOSK_PLAN_MARK_MESSAGES.unchanged);
    const entries = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 20 } })),
    ).filter(
      (entry) =>
        entry.action === KIOSK_PLAN_MARKS_AUDIT_ACTION &&
        (entry.summary as { kioskId?: string }).kioskId === kioskId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      username: 'admin',
      targetType: 'kiosk',
      summary: { kioskId, before: [], after: [{ ...marks[0], image: planImage(3) }] },
    });
  });

  it('tells the totem over its stream when its points or its profile change', async () => {
    const mine = await totem();
    const stream = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: mine.token, kioskId: mine.kioskId! } })}`,
    );
    const profileMessages = (text: string) =>
      text
        .split('\n\n')
        .filter((event) => event.includes('"type":"profile"') && event.includes(mine.kioskId!))
        .length;
    try {
      await stream.waitFor((text) => text.includes('retry:'));
      const [first] = f.ids.planElements;
      expect(
        (await save(editor, mine.kioskId!, [{ elementid: first!, x: 0, y: 1 }])).statusCode,
      ).toBe(200);
      await stream.waitFor((text) => profileMessages(text) === 1);
      const named = await editor.put(
        pathOf('adminKioskProfile', { params: { devid: f.ids.devid, kioskId: mine.kioskId! } }),
        { name: 'Accueil', location: null, groups: [], note: null },
      );
      expect(named.statusCode, named.body).toBe(200);
      await stream.waitFor((text) => profileMessages(text) === 2);
    } finally {
      stream.close();
    }
  });

  it('flags a point whose image was replaced since, or whose element is gone', async () => {
    const { kioskId } = await totem();
    const [, , , , , sixth, seventh] = f.ids.planElements;
    await save(editor, kioskId!, [
      { elementid: sixth!, x: 0.5, y: 0.5 },
      { elementid: seventh!, x: 0.2, y: 0.2 },
    ]);
    await f.repos.draft.updateElementValue(sixth!, '/media/images/plan-6-nouveau.png');
    await f.repos.transaction((trx) =>
      trx.deleteFrom('elements').where('elementid', '=', seventh!).execute(),
    );
    await publishDraftDirectly(f.repos, f.ids.devid);
    const marks = data<KioskPlanMarks>(await editor.get(marksPath(kioskId!))).marks;
    expect(marks.find((mark) => mark.elementid === sixth)).toMatchObject({
      image: planImage(6),
      stale: true,
    });
    // Placed again, it takes the new image.
    const again = await save(editor, kioskId!, [{ elementid: sixth!, x: 0.4, y: 0.6 }]);
    expect(data<KioskPlanMarks>(again).marks).toEqual([
      { elementid: sixth, x: 0.4, y: 0.6, image: '/media/images/plan-6-nouveau.png', stale: false },
    ]);
  });

  it('offers the English version’s images too, marked so', async () => {
    const english = await f.repos.draft.createElement({
      zoneid: f.ids.planZone,
      order: 20,
      value: '/media/images/site-plan-en.png',
      type: 'image',
      lang: 'en',
    });
    await publishDraftDirectly(f.repos, f.ids.devid);
    const { kioskId } = await totem();
    const { images } = data<KioskPlanMarks>(await editor.get(marksPath(kioskId!)));
    expect(images.at(-1)).toEqual({
      elementid: english.elementid,
      image: '/media/images/site-plan-en.png',
      lang: 'en',
    });
    expect(images[0]).not.toHaveProperty('lang');
    const saved = await save(editor, kioskId!, [{ elementid: english.elementid, x: 0.3, y: 0.3 }]);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('forgets the points with their totem', async () => {
    const { kioskId } = await totem();
    const [first] = f.ids.planElements;
    expect((await save(editor, kioskId!, [{ elementid: first!, x: 0.5, y: 0.5 }])).statusCode).toBe(
      200,
    );
    expect(
      (
        await editor.delete(
          pathOf('adminForgetKiosk', { params: { devid: f.ids.devid, kioskId: kioskId! } }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await f.repos.kioskPlanMarks.list(f.ids.devid, kioskId!)).toEqual([]);
    expect((await editor.get(marksPath(kioskId!))).statusCode).toBe(404);
  });

  it('answers 403 to a token bound to no totem', async () => {
    const response = await ownSettings(await f.token());
    expect(response.statusCode).toBe(403);
  });

  it('refuses a publish that would send a totem’s own message', async () => {
    for (const type of ['profile', 'forgotten']) {
      const response = await fetch(base + pathOf('publish', { params: { devid: f.ids.devid } }), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TEST_PUBLISH_TOKEN}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type }),
      });
      expect(response.status).toBe(400);
    }
  });
});
