/**
 * The health rules' back-office routes (issue 48, part 2; decision 041): who may read and save the
 * rules (admins save; admins and the development's editors read), the French 400s, the incidents
 * list, and « Mettre en sourdine » (admins and editors, audited, 404 for an unknown totem). Runs
 * on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import {
  defaultHealthRules,
  HEALTH_AUDIT_ACTIONS,
  pathOf,
  type AuditEntry,
  type HealthIncidentList,
  type HealthRules,
  type KioskMute,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { HEALTH_MESSAGES } from './health-service.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  await f.repos.kiosks.record({
    devid: f.ids.devid,
    kioskId: 'totem-hall',
    now: f.clock.now,
    report: { mode: 'totem' },
  });
});
afterAll(async () => {
  await f.close();
});

const rulesPath = (devid: number = f.ids.devid) =>
  pathOf('adminHealthRules', { params: { devid } });
const incidentsPath = (devid: number = f.ids.devid) =>
  pathOf('adminHealthIncidents', { params: { devid } });
const mutePath = (kioskId: string, devid: number = f.ids.devid) =>
  pathOf('adminMuteKiosk', { params: { devid, kioskId } });
const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

describe('health rules', () => {
  it('gives the defaults until an admin saves, to admins and the development’s editors', async () => {
    const read = await editor.get(rulesPath());
    expect(read.statusCode, read.body).toBe(200);
    expect(data<HealthRules>(read)).toEqual({
      devid: f.ids.devid,
      ...defaultHealthRules(),
      updatedAt: null,
      canEdit: false,
    });
    expect(data<HealthRules>(await admin.get(rulesPath())).canEdit).toBe(true);
    expect(data<HealthRules>(read).rules.silent).toEqual({ enabled: true, threshold: 15 });
    expect(data<HealthRules>(read).quietMinutes).toBe(5);
    const refused = await otherEditor.get(rulesPath());
    expect(refused.statusCode).toBe(403);
  });

  it('is saved by admins only, audited, and refuses a threshold out of bounds in French', async () => {
    const wanted = defaultHealthRules();
    wanted.rules.silent = { enabled: true, threshold: 20 };
    wanted.rules['storage-full'].enabled = false;
    wanted.quietMinutes = 3;

    const byEditor = await editor.put(rulesPath(), wanted);
    expect(byEditor.statusCode).toBe(403);
    expect(message(byEditor)).toBe('Réservé aux administrateurs.');

    const saved = await admin.put(rulesPath(), wanted);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(message(saved)).toBe(HEALTH_MESSAGES.saved);
    expect(data<HealthRules>(saved)).toMatchObject({ ...wanted, canEdit: true });
    const again = data<HealthRules>(await editor.get(rulesPath()));
    expect(again).toMatchObject(wanted);
    expect(again.updatedAt).toBe(f.clock.now.toISOString());

    const audit = await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid } }));
    const entries = data<AuditEntry[]>(audit);
    expect(entries.some((entry) => entry.action === HEALTH_AUDIT_ACTIONS.rules)).toBe(true);

    const tooHigh = defaultHealthRules();
    tooHigh.rules['storage-full'].threshold = 100;
    const refused = await admin.put(rulesPath(), tooHigh);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      '« Stockage local presque plein » : le seuil doit être compris entre 50 et 99 % (reçu : 100).',
    );
    const missing = await admin.put(rulesPath(), { quietMinutes: 5 });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toMatch(/obligatoire/);

    const unknown = await admin.get(rulesPath(999_999));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('mutes and incidents', () => {
  it('mutes a totem for 1–168 hours and unmutes it, audited; lists the mute', async () => {
    const muted = await editor.post(mutePath('totem-hall'), { hours: 4 });
    expect(muted.statusCode, muted.body).toBe(200);
    const until = new Date(f.clock.now.getTime() + 4 * 3_600_000).toISOString();
    expect(data<KioskMute>(muted)).toEqual({ devid: f.ids.devid, kioskId: 'totem-hall', until });
    expect(message(muted)).toBe(HEALTH_MESSAGES.muted(4));

    const list = await editor.get(incidentsPath());
    expect(list.statusCode, list.body).toBe(200);
    expect(data<HealthIncidentList>(list)).toEqual({
      incidents: [],
      mutes: [{ devid: f.ids.devid, kioskId: 'totem-hall', until }],
    });

    const unmuted = await editor.delete(mutePath('totem-hall'));
    expect(unmuted.statusCode, unmuted.body).toBe(200);
    expect(data<KioskMute>(unmuted).until).toBeNull();
    expect(message(unmuted)).toBe(HEALTH_MESSAGES.unmuted);
    expect(data<HealthIncidentList>(await editor.get(incidentsPath())).mutes).toEqual([]);
    expect(message(await editor.delete(mutePath('totem-hall')))).toBe(HEALTH_MESSAGES.notMuted);

    const audit = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid } })),
    );
    const actions = audit.map((entry) => entry.action);
    expect(actions.filter((action) => action === HEALTH_AUDIT_ACTIONS.mute)).toHaveLength(1);
    expect(actions.filter((action) => action === HEALTH_AUDIT_ACTIONS.unmute)).toHaveLength(1);
  });

  it('refuses hours out of bounds in French, an unknown totem with 404, another development with 403', async () => {
    for (const hours of [0, 169, 1.5]) {
      const refused = await admin.post(mutePath('totem-hall'), { hours });
      expect(refused.statusCode, String(hours)).toBe(400);
      expect(message(refused)).toMatch(/[a-zé]/);
      expect(message(refused)).not.toMatch(/must be/);
    }
    const unknown = await admin.post(mutePath('totem-inconnu'), { hours: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(HEALTH_MESSAGES.unknownKiosk);
    expect((await admin.delete(mutePath('totem-inconnu'))).statusCode).toBe(404);
    expect((await otherEditor.post(mutePath('totem-hall'), { hours: 1 })).statusCode).toBe(403);
    expect((await otherEditor.get(incidentsPath())).statusCode).toBe(403);
  });
});
