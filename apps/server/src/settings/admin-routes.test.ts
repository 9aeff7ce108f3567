/**
 * Published settings: `GET / PUT /api/admin/developments/:devid/settings` — saved to the draft,
 * refused with the field's French message, audited, reserved to who may edit the development;
 * published with the next revision into the snapshot and the delta, never before.
 */
import {
  DEFAULT_SETTINGS,
  type AdminSettings,
  type AuditEntry,
  type ContentChanges,
  type DevelopmentSettings,
  type DraftChanges,
  type Envelope,
  type Snapshot,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDraftDirectly } from '../testing/fixture.js';
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
});
afterAll(async () => {
  await f.close();
});

const path = () => pathOf('adminSettings', { params: { devid: f.ids.devid } });
const wanted: DevelopmentSettings = {
  ...DEFAULT_SETTINGS,
  suggestionFormUrl: 'https://forms.test/suggestions?site=1',
  websiteUrl: 'http://intranet.test:8080/',
  inactivitySeconds: 900,
  alarmTone: true,
  switcherCode: '2468',
  // Issue 48, part 2: a plant that closes at 20:00 on weekdays and at noon on Saturdays.
  openingHours: {
    kind: 'weekly',
    days: [
      ...Array.from({ length: 5 }, () => [{ open: '06:00', close: '20:00' }]),
      [{ open: '06:00', close: '12:00' }],
      [],
    ],
  },
};

/** A week whose Monday has `intervals`, the other days closed. */
const monday = (...intervals: Array<[string, string]>): Partial<DevelopmentSettings> => ({
  openingHours: {
    kind: 'weekly',
    days: [intervals.map(([open, close]) => ({ open, close })), [], [], [], [], [], []],
  },
});

/** The frame sources of the kiosk page's Content-Security-Policy (served before any login). */
async function pageFrameSources(): Promise<string[]> {
  const response = await f.app.inject({ url: '/' });
  const policy = String(response.headers['content-security-policy']);
  const directive = policy.split(';').find((part) => part.trim().startsWith('frame-src'));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

async function snapshot(): Promise<{ snapshot: Snapshot; etag: string }> {
  const response = await f.app.inject({
    url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
    headers: await f.auth(),
  });
  expect(response.statusCode).toBe(200);
  return {
    snapshot: response.json<Envelope<Snapshot>>().data!,
    etag: String(response.headers.etag),
  };
}

describe('settings in the back-office', () => {
  it('answers the defaults for a development that never saved any', async () => {
    const response = await editor.get(path());
    expect(response.statusCode, response.body).toBe(200);
    expect(data<AdminSettings>(response)).toEqual({
      devid: f.ids.devid,
      settings: DEFAULT_SETTINGS,
      unpublished: false,
    });
  });

  it('refuses a bad address, a javascript: or data: address and a timing out of bounds, in French', async () => {
    const cases: Array<[Partial<DevelopmentSettings>, RegExp]> = [
      [{ suggestionFormUrl: 'forms.test/suggestions' }, /suggestionFormUrl.*https:\/\//],
      [{ suggestionFormUrl: 'javascript:alert(1)' }, /suggestionFormUrl.*adresse web complète/],
      [{ websiteUrl: 'data:text/html,<p>x</p>' }, /websiteUrl.*adresse web complète/],
      [{ websiteUrl: 'https://exa mple.test/' }, /websiteUrl/],
      // DNS's bounds (issue 40): 63 characters between two dots, 253 in all.
      [
        { suggestionFormUrl: `https://${'a'.repeat(64)}.test/` },
        /suggestionFormUrl.*une partie \(entre deux points\) dépasse 63 caractères/,
      ],
      [
        { websiteUrl: `https://${'a.'.repeat(990)}test/` },
        /websiteUrl.*nom d’hôte de 1984 caractères.*au plus 253/,
      ],
      [{ inactivitySeconds: 30 }, /inactivitySeconds.*au moins 60/],
      // The mode switcher's code (issue 41, item 2): empty, or 4 to 8 digits.
      [{ switcherCode: '12a4' }, /switcherCode.*vide ou compter de 4 à 8 chiffres/],
      [{ switcherCode: '123' }, /switcherCode.*vide ou compter de 4 à 8 chiffres/],
      [{ switcherCode: '123456789' }, /switcherCode.*de 4 à 8 chiffres/],
      [{ slideshowIntervalSeconds: 1000 }, /slideshowIntervalSeconds.*au plus 120/],
      [
        { idleCounterResetSeconds: 600 },
        /Compteur après un appui sur l’horloge.*ne doit pas dépasser/,
      ],
      [
        { inactivityWarningSeconds: 600 },
        /Avertissement avant la fin de session.*inférieur à la durée/,
      ],
      // The plant's time zone (issue 45): an IANA name Intl knows.
      [
        { timeZone: 'Europe/Pariss' },
        /^Fuseau horaire de l’usine : doit être le nom d’un fuseau horaire de la base IANA/,
      ],
      [{ timeZone: '+01:00' }, /^Fuseau horaire de l’usine : doit être/],
      [{ timeZone: '' }, /timeZone.*ne doit pas être vide/],
      // The opening hours (issue 48, part 2): intervals that close after they open, no overlap.
      [
        monday(['20:00', '06:00']),
        /^Heures d’ouverture : lundi : la plage 20:00–06:00 ferme avant d’ouvrir ; pour passer minuit, finissez-la à 24:00/,
      ],
      [
        monday(['08:00', '08:00']),
        /^Heures d’ouverture : lundi : la plage 08:00–08:00 ferme à l’heure où elle ouvre/,
      ],
      [
        monday(['06:00', '12:00'], ['11:00', '14:00']),
        /^Heures d’ouverture : lundi : les plages 06:00–12:00 et 11:00–14:00 se chevauchent/,
      ],
      [monday(), /^Heures d’ouverture : aucune plage d’ouverture dans la semaine/],
      [monday(['25:00', '26:00']), /openingHours/],
      [
        { openingHours: { kind: 'weekly', days: [[], []] } } as Partial<DevelopmentSettings>,
        /openingHours/,
      ],
    ];
    for (const [change, message] of cases) {
      const response = await editor.put(path(), { ...DEFAULT_SETTINGS, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const body = response.json<Envelope<null>>();
      expect(body.error, JSON.stringify(change)).toBe('bad_request');
      expect(body.message, JSON.stringify(change)).toMatch(message);
    }
    expect(data<AdminSettings>(await editor.get(path())).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('is reserved to who may edit the development', async () => {
    expect((await otherEditor.get(path())).statusCode).toBe(403);
    expect((await otherEditor.put(path(), wanted)).statusCode).toBe(403);
    const anonymous = await f.app.inject({ method: 'GET', url: path() });
    expect(anonymous.statusCode).toBe(401);
    expect((await editor.put(path(), wanted, { csrf: null })).statusCode).toBe(403);
    expect(
      (await admin.get(pathOf('adminSettings', { params: { devid: 999_999 } }))).statusCode,
    ).toBe(404);
  });

  it('saves to the draft only: the kiosks get the settings with the next publish', async () => {
    const before = await snapshot();
    expect(before.snapshot.settings).toEqual(DEFAULT_SETTINGS);
    // No address is built in: the page may frame nothing but itself.
    expect(await pageFrameSources()).toEqual(["'self'"]);

    const saved = await editor.put(path(), wanted);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<AdminSettings>(saved)).toEqual({
      devid: f.ids.devid,
      settings: wanted,
      unpublished: true,
    });
    const [entry] = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
    );
    expect(entry).toMatchObject({ action: 'setting.update', targetType: 'setting' });
    expect(Object.keys(entry!.summary ?? {})).toContain('openingHours');
    // The same hours again: nothing changed, nothing audited (compared by value, not by object).
    const again = await editor.put(path(), wanted);
    expect(again.json<Envelope<AdminSettings>>().message).toBe('Aucun réglage n’a changé.');

    // Not published: the kiosk's snapshot, its ETag and the delta are unchanged.
    const unpublished = await snapshot();
    expect(unpublished.snapshot.settings).toEqual(DEFAULT_SETTINGS);
    expect(unpublished.etag).toBe(before.etag);
    const draft = data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
    expect(draft.summary).toBe('Réglages modifiés');
    expect(draft.changes).toMatchObject([{ kind: 'setting', itemId: f.ids.devid }]);
    // A draft address reaches no page's policy either.
    expect(await pageFrameSources()).toEqual(["'self'"]);

    const published = await admin.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(published.statusCode, published.body).toBe(200);
    const after = await snapshot();
    expect(after.snapshot.settings).toEqual(wanted);
    expect(after.snapshot.version).toBe(before.snapshot.version + 1);
    expect(data<AdminSettings>(await editor.get(path())).unpublished).toBe(false);
    // The policy allows the published addresses' origins as soon as the publish answers, before
    // any kiosk could reload for them (decision 017).
    expect(await pageFrameSources()).toEqual([
      "'self'",
      'https://forms.test',
      'http://intranet.test:8080',
    ]);

    const delta = await f.app.inject({
      url: pathOf('changes', {
        params: { devid: f.ids.devid },
        query: { since: before.snapshot.version },
      }),
      headers: await f.auth(),
    });
    expect(delta.statusCode, delta.body).toBe(200);
    expect(delta.json<Envelope<ContentChanges>>().data).toMatchObject({
      full: false,
      to: after.snapshot.version,
      settings: wanted,
    });
  });
});

describe('long frame addresses (issue 40, item 2)', () => {
  /** The bytes of a response's header block, as a reverse proxy buffers it. */
  const headerBytes = (headers: Record<string, unknown>) =>
    Object.entries(headers).reduce(
      (sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${String(value)}\r\n`),
      'HTTP/1.1 200 OK\r\n\r\n'.length,
    );

  /** Published settings written as an older version stored them, past today's validation. */
  async function storePublished(devid: number, settings: Partial<DevelopmentSettings>) {
    // The repository writes what it is given: the route's validation is what the bound is in.
    await f.repos.settings.saveDraft(devid, { ...DEFAULT_SETTINGS, ...settings });
    await publishDraftDirectly(f.repos, devid);
    await f.app.kiosk.frameSources.refresh();
  }

  it('keeps every page within a proxy’s 4 KB header buffer, whatever was stored before', async () => {
    // The probe's addresses: ~1,990-character hosts, stored before the bound existed, in both
    // developments.
    const host = (letter: string) => `${`${letter.repeat(62)}.`.repeat(31)}test`;
    const huge = {
      suggestionFormUrl: `https://${host('a')}/form`,
      websiteUrl: `https://${host('b')}/`,
    };
    await storePublished(f.ids.devid, huge);
    await storePublished(f.ids.otherDevid, huge);
    for (const url of ['/', '/admin/']) {
      const response = await f.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(headerBytes(response.headers), url).toBeLessThan(4096);
    }
    expect(await pageFrameSources()).toEqual(["'self'"]);
    // The kiosk reads them as not configured: such a host can never resolve.
    expect((await f.repos.settings.live(f.ids.devid)).suggestionFormUrl).toBeNull();
    // The Réglages page says so, field by field, in French.
    const answer = data<AdminSettings>(await editor.get(path()));
    expect(answer.settings.suggestionFormUrl).toBeNull();
    expect(answer.ignoredAddresses?.map((entry) => entry.field)).toEqual([
      'suggestionFormUrl',
      'websiteUrl',
    ]);
    expect(answer.ignoredAddresses?.[0]?.message).toMatch(
      /^Adresse du formulaire de suggestion — l’adresse enregistrée n’est plus acceptée \(elle a un nom d’hôte de 1957 caractères/,
    );
  });

  it('lets no other development’s settings into the kiosk page’s or the back-office’s policy', async () => {
    await storePublished(f.ids.devid, { suggestionFormUrl: 'https://forms.neubourg.test/idees' });
    await storePublished(f.ids.otherDevid, {
      suggestionFormUrl: 'https://forms.autre-usine.test/',
      websiteUrl: `https://${'x'.repeat(63)}.${'y'.repeat(63)}.${'z'.repeat(63)}.${'w'.repeat(57)}/`,
    });
    // The kiosk's page shows the development `/config.json` names (the fixture's: neubourg).
    expect(await pageFrameSources()).toEqual(["'self'", 'https://forms.neubourg.test']);
    const adminPage = await f.app.inject({ url: '/admin/' });
    const policy = String(adminPage.headers['content-security-policy']);
    expect(policy).toContain("frame-src 'self';");
    expect(policy).not.toContain('forms.');
  });
});
