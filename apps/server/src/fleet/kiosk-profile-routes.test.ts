/**
 * A totem's name, place, groups and note (decision 038): `PUT …/kiosks/:kioskId/profile` sets
 * them, trimmed, bounded with French 400s, audited, for admins and editors of the development;
 * the fleet list carries them at once, without a publish; an unknown totem is a 404, a stale form
 * a 409 with the profile as it is now. Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import {
  KIOSK_PROFILE_AUDIT_ACTION,
  type AuditEntry,
  type KioskProfile,
  type KioskProfileRequest,
  type KioskStatus,
  pathOf,
} from '@plant-kiosk/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../testing/sse-client.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await f.close();
});

let kioskCount = 0;
/** A totem of development A that has reported once (its `kiosks` row). */
async function newKiosk(devid: number = f.ids.devid): Promise<string> {
  const kioskId = `kiosk-profile-${++kioskCount}`;
  await f.repos.kiosks.record({ devid, kioskId, now: f.clock.now, report: { mode: 'totem' } });
  return kioskId;
}

const path = (kioskId: string, devid: number = f.ids.devid) =>
  pathOf('adminKioskProfile', { params: { devid, kioskId } });

const profile = (overrides: Partial<KioskProfileRequest> = {}): KioskProfileRequest => ({
  name: 'Hall d’accueil',
  location: 'Bâtiment A, rez-de-chaussée',
  groups: ['Bâtiment A', 'Accueil'],
  note: 'Écran remplacé en mars.',
  ...overrides,
});

async function fleetEntry(kioskId: string, client: AdminClient = admin): Promise<KioskStatus> {
  const response = await client.get(pathOf('adminFleet', { query: { devid: f.ids.devid } }));
  expect(response.statusCode, response.body).toBe(200);
  const entry = data<KioskStatus[]>(response).find((status) => status.kioskId === kioskId);
  if (!entry) throw new Error(`${kioskId} is not in the fleet`);
  return entry;
}

describe('PUT /api/admin/developments/:devid/kiosks/:kioskId/profile', () => {
  it('a totem without a profile shows in the fleet with none', async () => {
    const kioskId = await newKiosk();
    expect(await fleetEntry(kioskId)).toMatchObject({
      name: null,
      location: null,
      groups: [],
      note: null,
      profileVersion: 0,
    });
  });

  it('names a totem, trimmed, and the fleet list shows it at once without a publish', async () => {
    const kioskId = await newKiosk();
    const revisionBefore = (await f.repos.developments.find(f.ids.devid))!.content_version;
    const response = await editor.put(
      path(kioskId),
      profile({
        name: '  Hall d’accueil  ',
        location: ' ',
        groups: [' Bâtiment A ', 'Ateliers', 'ateliers', '', 'Bâtiment A'],
        note: '\n',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toMatch(/sans publication/);
    expect(data<KioskProfile>(response)).toMatchObject({
      devid: f.ids.devid,
      kioskId,
      name: 'Hall d’accueil',
      location: null,
      groups: ['Bâtiment A', 'Ateliers'],
      note: null,
      version: 1,
    });
    expect(await fleetEntry(kioskId, editor)).toMatchObject({
      name: 'Hall d’accueil',
      location: null,
      groups: ['Bâtiment A', 'Ateliers'],
      note: null,
      profileVersion: 1,
    });
    // Not content: no revision, nothing unpublished.
    expect((await f.repos.developments.find(f.ids.devid))!.content_version).toBe(revisionBefore);
  });

  it('audits the change with the totem and each changed field; an identical save changes nothing', async () => {
    const kioskId = await newKiosk();
    expect((await admin.put(path(kioskId), profile())).statusCode).toBe(200);
    const again = await admin.put(path(kioskId), profile({ location: 'Atelier 3' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(data<KioskProfile>(again).version).toBe(2);

    const entries = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 10 } })),
    ).filter(
      (entry) =>
        entry.action === KIOSK_PROFILE_AUDIT_ACTION &&
        (entry.summary as { kioskId?: string }).kioskId === kioskId,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      username: 'admin',
      devid: f.ids.devid,
      targetType: 'kiosk',
      summary: {
        kioskId,
        location: { before: 'Bâtiment A, rez-de-chaussée', after: 'Atelier 3' },
      },
    });
    expect(Object.keys(entries[0]!.summary as object).sort()).toEqual(['kioskId', 'location']);

    const same = await admin.put(path(kioskId), profile({ location: 'Atelier 3' }));
    expect(same.statusCode).toBe(200);
    expect(same.json<{ message: string }>().message).toBe('Rien n’a changé.');
    expect(data<KioskProfile>(same).version).toBe(2);
  });

  it('refuses texts and lists beyond their bounds with a French message, and stores nothing', async () => {
    const kioskId = await newKiosk();
    const cases: Array<[Partial<KioskProfileRequest>, RegExp]> = [
      [{ name: 'n'.repeat(61) }, /« name » ne doit pas dépasser 60 caractères/],
      [{ location: 'l'.repeat(81) }, /« location » ne doit pas dépasser 80 caractères/],
      [
        { groups: Array.from({ length: 11 }, (_, i) => `G${i}`) },
        /« groups » ne doit pas contenir plus de 10 éléments/,
      ],
      [{ groups: ['g'.repeat(41)] }, /« groups.0 » ne doit pas dépasser 40 caractères/],
      [{ note: 'x'.repeat(501) }, /« note » ne doit pas dépasser 500 caractères/],
      [{ name: 'Hall\u202Eliuh' }, /« name » ne doit contenir ni caractère de contrôle/],
      [{ name: 'Deux\nlignes' }, /« name » contient des caractères non autorisés/],
    ];
    for (const [overrides, message] of cases) {
      const response = await admin.put(path(kioskId), profile(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const missing = await admin.put(path(kioskId), { name: 'Hall' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/est obligatoire/);
    // A note on several lines is fine; 60 characters of name too.
    const fine = await admin.put(
      path(kioskId),
      profile({ name: 'n'.repeat(60), note: 'Ligne 1\nLigne 2' }),
    );
    expect(fine.statusCode, fine.body).toBe(200);
    expect(data<KioskProfile>(fine).note).toBe('Ligne 1\nLigne 2');
  });

  it('keeps where the screen sits (issue 52): both heights or neither, sensible ones, kept when left out', async () => {
    const kioskId = await newKiosk();
    const saved = await editor.put(
      path(kioskId),
      profile({ screenBottomMm: 900, screenTopMm: 2100 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<KioskProfile>(saved)).toMatchObject({ screenBottomMm: 900, screenTopMm: 2100 });
    expect(await fleetEntry(kioskId)).toMatchObject({ screenBottomMm: 900, screenTopMm: 2100 });

    const refused: Array<[Partial<KioskProfileRequest>, RegExp]> = [
      [{ screenBottomMm: 900, screenTopMm: null }, /les deux hauteurs de l’écran/],
      [{ screenBottomMm: 1000, screenTopMm: 1100 }, /au moins 200 mm au-dessus de son bas/],
      [{ screenBottomMm: -5, screenTopMm: 1100 }, /« screenBottomMm »/],
      [{ screenBottomMm: 700, screenTopMm: 3500 }, /« screenTopMm »/],
    ];
    for (const [overrides, message] of refused) {
      const response = await editor.put(path(kioskId), profile(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    // A client from before the heights keeps them; null returns to the standard stand.
    const renamed = await editor.put(path(kioskId), profile({ name: 'Cantine' }));
    expect(data<KioskProfile>(renamed)).toMatchObject({
      name: 'Cantine',
      screenBottomMm: 900,
      screenTopMm: 2100,
    });
    const cleared = await editor.put(
      path(kioskId),
      profile({ name: 'Cantine', screenBottomMm: null, screenTopMm: null }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(data<KioskProfile>(cleared)).toMatchObject({ screenBottomMm: null, screenTopMm: null });
  });

  it('answers 404 for a totem the development does not have, 403 to an editor of another development', async () => {
    const unknown = await admin.put(path('kiosk-never-seen'), profile());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toMatch(/Ce totem n’existe pas/);

    // A totem of development B, named through development A: not found there.
    const ofB = await newKiosk(f.ids.otherDevid);
    expect((await admin.put(path(ofB), profile())).statusCode).toBe(404);

    const kioskId = await newKiosk();
    const refused = await otherEditor.put(path(kioskId), profile());
    expect(refused.statusCode).toBe(403);
    expect(await fleetEntry(kioskId)).toMatchObject({ name: null, profileVersion: 0 });
  });

  it('answers 409 with the profile as it is now to a form opened on an older version', async () => {
    const kioskId = await newKiosk();
    expect((await admin.put(path(kioskId), profile({ version: 0 }))).statusCode).toBe(200);
    const stale = await editor.put(path(kioskId), profile({ name: 'Cantine', version: 0 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/Quelqu’un d’autre/);
    expect(data<KioskProfile>(stale)).toMatchObject({ name: 'Hall d’accueil', version: 1 });
    const fresh = await editor.put(path(kioskId), profile({ name: 'Cantine', version: 1 }));
    expect(fresh.statusCode).toBe(200);
    expect(await fleetEntry(kioskId)).toMatchObject({ name: 'Cantine', profileVersion: 2 });
  });

  it('sends the new name to the open fleet pages, live', async () => {
    const kioskId = await newKiosk();
    const base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
    const stream = await openStream(
      base + pathOf('adminFleetStream', { query: { devid: f.ids.devid } }),
      { cookie: editor.cookie },
    );
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((text) => text.includes('event: fleet\n'));
      expect((await admin.put(path(kioskId), profile({ name: 'Cantine' }))).statusCode).toBe(200);
      await stream.waitFor((text) =>
        text
          .split('\n\n')
          .filter((event) => event.startsWith('event: kiosk\n'))
          .some((event) => {
            const status = JSON.parse(event.slice(event.indexOf('data: ') + 6)) as KioskStatus;
            return status.kioskId === kioskId && status.name === 'Cantine';
          }),
      );
    } finally {
      stream.close();
    }
  });

  it('forgets the profile with its totem', async () => {
    const kioskId = await newKiosk();
    expect((await admin.put(path(kioskId), profile())).statusCode).toBe(200);
    await f.repos.transaction((trx) =>
      trx.deleteFrom('kiosks').where('kiosk_id', '=', kioskId).execute(),
    );
    expect(await f.repos.kioskProfiles.find(f.ids.devid, kioskId)).toBeNull();
    expect((await admin.put(path(kioskId), profile())).statusCode).toBe(404);
  });
});
