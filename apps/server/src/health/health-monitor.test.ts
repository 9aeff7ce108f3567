/**
 * The health rules on an injected clock (issue 48, part 2; decision 041): for every rule, an
 * incident raises once after the quiet period and not before, clears once after it, and a
 * condition that flaps inside it says nothing new; outside the opening hours a silent totem raises
 * nothing; a muted totem raises nothing until its mute ends. The notices are collected by the
 * monitor's `notify`. Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import {
  DEFAULT_SETTINGS,
  defaultHealthRules,
  pathOf,
  type AdminAlertView,
  type HealthNotice,
  type HealthRulesRequest,
  type KioskHeartbeat,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../db/repositories/index.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { publishDraftDirectly } from '../testing/fixture.js';
import { HealthMonitor } from './health-monitor.js';

let f: AdminFixture;
let admin: AdminClient;
let evacuation: number;
let notices: HealthNotice[];
let held: boolean;
let monitor: HealthMonitor;

const MINUTE = 60_000;

beforeAll(async () => {
  // Every heartbeat reads the published version (publishDraftDirectly tells no cache).
  ({ f, admin } = await createAdminSuite({ app: { contentVersionCacheMs: 0 } }));
  evacuation = await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    name: 'Évacuation',
    kind: 'evacuation',
    titleFr: 'Évacuation',
    titleEn: 'Evacuation',
    instructionsFr: 'Sortez.',
    instructionsEn: 'Get out.',
    pictogram: 'evacuation',
    colour: 'rouge',
    image: null,
    endTextFr: null,
    endTextEn: null,
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
  // The held publications are the publishing domain's to make (a long outage): stand in for them.
  const changeSets = {
    list: async (devid: number) => (held && devid === f.ids.devid ? [{ status: 'held' }] : []),
  } as unknown as Repositories['changeSets'];
  monitor = new HealthMonitor({
    repos: { ...f.repos, changeSets },
    bus: f.bus,
    now: () => f.clock.now,
    notify: async (notice) => {
      notices.push(notice);
    },
  });
});
beforeEach(async () => {
  f.resetClock();
  notices = [];
  held = false;
  await f.repos.alerts.end(f.ids.devid, f.clock.now);
  await f.repos.health.saveRules(f.ids.devid, defaultHealthRules(), f.clock.now);
});
afterAll(async () => {
  await monitor.stop();
  await f.close();
});

let kioskCount = 0;
const newKioskId = () => `health-kiosk-${++kioskCount}`;

async function currentVersion(): Promise<number> {
  return (await f.repos.developments.find(f.ids.devid))!.content_version;
}

async function report(kioskId: string, overrides: Partial<KioskHeartbeat> = {}): Promise<void> {
  const body: KioskHeartbeat = {
    kioskId,
    mode: 'totem',
    totem: 'Moulage',
    appVersion: '1.2.3',
    contentVersion: await currentVersion(),
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
    media: { phase: 'complete', cached: 3, total: 3 },
    ...overrides,
  };
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: await f.auth(f.ids.devid),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The notices about one totem (other tests' totems go on living on the shared clock). */
const about = (kioskId: string | null) =>
  notices
    .filter((notice) => notice.kioskId === kioskId && notice.devid === f.ids.devid)
    .map((notice) => notice.state);

/** The latest notice about one totem of development A. */
const last = (kioskId: string | null): HealthNotice =>
  notices.filter((notice) => notice.kioskId === kioskId && notice.devid === f.ids.devid).at(-1)!;

/**
 * Moves the clock `minutes` minute by minute, checking at each; `alive` reports every minute (with
 * what it reports) so that only the rule under test holds.
 */
async function run(
  minutes: number,
  alive: Record<string, Partial<KioskHeartbeat>> = {},
  stepMs = MINUTE,
): Promise<void> {
  for (let elapsed = 0; elapsed < minutes * MINUTE; elapsed += stepMs) {
    f.clock.now = new Date(f.clock.now.getTime() + stepMs);
    for (const [kioskId, overrides] of Object.entries(alive)) await report(kioskId, overrides);
    await monitor.checkNow();
  }
}

async function saveRules(change: (rules: HealthRulesRequest) => void): Promise<void> {
  const rules = defaultHealthRules();
  change(rules);
  await f.repos.health.saveRules(f.ids.devid, rules, f.clock.now);
}

describe('silent', () => {
  it('raises once the quiet period after the threshold, not before, and clears once', async () => {
    const kioskId = newKioskId();
    await report(kioskId);
    await f.repos.kioskProfiles.save(
      f.ids.devid,
      kioskId,
      { name: 'Hall d’accueil', location: 'Entrée', groups: [], note: null },
      1,
      f.clock.now,
    );
    // Silent from 15 min on; the quiet period of 5 min more before the message.
    await run(19);
    expect(about(kioskId)).toEqual([]);
    await run(1);
    expect(about(kioskId)).toEqual(['raised']);
    const raised = notices.find((notice) => notice.kioskId === kioskId)!;
    expect(raised.subject).toBe('Totem « Hall d’accueil » silencieux depuis 20 min');
    expect(raised.rule).toBe('silent');
    expect(raised.kioskName).toBe('Hall d’accueil');
    expect(raised.devname).toBe('neubourg');
    expect(raised.text).toContain('Développement : neubourg');
    expect(raised.text).toContain(`Hall d’accueil — Entrée — identifiant ${kioskId}`);
    expect(raised.text).toContain(`/admin/#/parc/${f.ids.devid}/${kioskId}`);
    expect(raised.clearedAt).toBeNull();
    await run(30);
    expect(about(kioskId)).toEqual(['raised']);

    // Back: the quiet period before the « rétabli ».
    await run(5, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised']);
    await run(1, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
    const cleared = notices.filter((notice) => notice.kioskId === kioskId)[1]!;
    expect(cleared.subject).toBe('Rétabli : totem « Hall d’accueil » de nouveau en contact');
    expect(cleared.incidentId).toBe(raised.incidentId);
    expect(cleared.raisedAt).toBe(raised.raisedAt);
    expect(cleared.clearedAt).toBe(f.clock.now.toISOString());
    await run(10, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });

  it('says nothing while the condition flaps inside the quiet period', async () => {
    await saveRules((rules) => {
      rules.rules.silent.threshold = 1;
    });
    const kioskId = newKioskId();
    await report(kioskId);
    // Silent for 1–4 min, then a sign, again and again: never 5 min in a row.
    for (let round = 0; round < 4; round += 1) {
      await run(4);
      await report(kioskId);
      await monitor.checkNow();
    }
    expect(about(kioskId)).toEqual([]);
    await run(6);
    expect(about(kioskId)).toEqual(['raised']);
    // Back for 3 min, silent again, back…: the incident stays raised, nothing new is said.
    for (let round = 0; round < 4; round += 1) {
      await run(3, { [kioskId]: {} });
      await run(2);
    }
    expect(about(kioskId)).toEqual(['raised']);
    await run(6, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });

  it('raises nothing outside the opening hours', async () => {
    // Open on Sundays only: FIXTURE_NOW is a Tuesday.
    const closed = {
      ...DEFAULT_SETTINGS,
      openingHours: {
        kind: 'weekly' as const,
        days: [[], [], [], [], [], [], [{ open: '08:00', close: '18:00' }]],
      },
    };
    await f.repos.settings.saveDraft(f.ids.devid, closed);
    await publishDraftDirectly(f.repos, f.ids.devid);
    const kioskId = newKioskId();
    try {
      expect((await f.repos.settings.live(f.ids.devid)).openingHours.kind).toBe('weekly');
      await report(kioskId);
      await run(40);
      expect(about(kioskId)).toEqual([]);
    } finally {
      await f.repos.settings.saveDraft(f.ids.devid, { ...DEFAULT_SETTINGS });
      await publishDraftDirectly(f.repos, f.ids.devid);
    }
    // Open again (always, the default): the silence counts, after the quiet period.
    expect((await f.repos.settings.live(f.ids.devid)).openingHours.kind).toBe('always');
    await run(5);
    expect(about(kioskId)).toEqual([]);
    await run(1);
    expect(about(kioskId)).toEqual(['raised']);
  });

  it('raises nothing about a muted totem until its mute ends', async () => {
    const kioskId = newKioskId();
    await report(kioskId);
    const muted = await admin.post(
      pathOf('adminMuteKiosk', { params: { devid: f.ids.devid, kioskId } }),
      { hours: 1 },
    );
    expect(muted.statusCode, muted.body).toBe(200);
    await run(59);
    expect(about(kioskId)).toEqual([]);
    // The mute ends at 60 min: pending then, raised after the quiet period.
    await run(5);
    expect(about(kioskId)).toEqual([]);
    await run(1);
    expect(about(kioskId)).toEqual(['raised']);
  });

  it('keeps an incident open through a mute: it clears as usual', async () => {
    const kioskId = newKioskId();
    await report(kioskId);
    await run(20);
    expect(about(kioskId)).toEqual(['raised']);
    await admin.post(pathOf('adminMuteKiosk', { params: { devid: f.ids.devid, kioskId } }), {
      hours: 4,
    });
    await run(5, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised']);
    await run(1, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });
});

describe('behind', () => {
  it('raises 30 min after a publish plus the quiet period, clears once caught up', async () => {
    const kioskId = newKioskId();
    const old = await currentVersion();
    await report(kioskId, { contentVersion: old });
    await f.repos.draft.updateElementValue(f.ids.planElements[2]!, '/media/images/health-1.png');
    await publishDraftDirectly(f.repos, f.ids.devid);
    expect(await currentVersion()).toBeGreaterThan(old);
    const alive = { [kioskId]: { contentVersion: old } };
    // Behind from its first report after the publish (1 min), raised 30 + 5 min later.
    await run(35, alive);
    expect(about(kioskId)).toEqual([]);
    await run(1, alive);
    expect(about(kioskId)).toEqual(['raised']);
    expect(last(kioskId).subject).toMatch(/en retard sur la publication depuis 3\d min$/);
    await run(5, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised']);
    await run(1, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });
});

describe('media incomplete', () => {
  it('raises after 60 min, clears once complete', async () => {
    const kioskId = newKioskId();
    const alive = { [kioskId]: { media: { phase: 'incomplete' as const, cached: 2, total: 3 } } };
    await run(60, alive);
    expect(about(kioskId)).toEqual([]);
    await run(1, alive);
    expect(about(kioskId)).toEqual(['raised']);
    expect(last(kioskId).subject).toBe(`Totem « ${kioskId} » : médias incomplets depuis 1 h`);
    await run(5, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised']);
    await run(1, { [kioskId]: {} });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });
});

describe('storage nearly full', () => {
  it('raises at 90 % after the quiet period, clears below', async () => {
    const kioskId = newKioskId();
    const alive = { [kioskId]: { storageUsedBytes: 95, storageQuotaBytes: 100 } };
    await run(5, alive);
    expect(about(kioskId)).toEqual([]);
    await run(1, alive);
    expect(about(kioskId)).toEqual(['raised']);
    expect(last(kioskId).subject).toBe(`Totem « ${kioskId} » : stockage local plein à 95 %`);
    const below = { [kioskId]: { storageUsedBytes: 50, storageQuotaBytes: 100 } };
    await run(6, below);
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });

  it('raises nothing for a rule turned off', async () => {
    await saveRules((rules) => {
      rules.rules['storage-full'].enabled = false;
    });
    const kioskId = newKioskId();
    await run(20, { [kioskId]: { storageUsedBytes: 99, storageQuotaBytes: 100 } });
    expect(about(kioskId)).toEqual([]);
  });
});

describe('schedule held', () => {
  it('raises once for the development, clears once the publication is decided', async () => {
    held = true;
    await run(5);
    expect(about(null)).toEqual([]);
    await run(1);
    expect(about(null)).toEqual(['raised']);
    expect(last(null).subject).toBe('Publication programmée retenue sur « neubourg »');
    expect(last(null).text).toContain('/admin/#/sante');
    held = false;
    await run(6);
    expect(about(null)).toEqual(['raised', 'cleared']);
  });
});

describe('alert not acknowledged', () => {
  it('raises for an online totem silent about the alert after 30 s, clears once it says so', async () => {
    const kioskId = newKioskId();
    await report(kioskId);
    const started = await admin.post(pathOf('adminAlert', { params: { devid: f.ids.devid } }), {
      templateid: evacuation,
      drill: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const alertid = data<AdminAlertView>(started).alert!.alertid!;
    // Checked every 10 s: not at 20 s, at 30 s (no quiet period: the threshold is the wait).
    await run(20_000 / MINUTE, { [kioskId]: {} }, 10_000);
    expect(about(kioskId)).toEqual([]);
    await run(10_000 / MINUTE, { [kioskId]: {} }, 10_000);
    expect(about(kioskId)).toEqual(['raised']);
    expect(last(kioskId).subject).toBe(`Totem « ${kioskId} » : alerte non confirmée depuis 30 s`);
    const ack = { alertAck: { alertid, displayedAt: f.clock.now.toISOString(), takeoverMs: 150 } };
    await run(5, { [kioskId]: ack });
    expect(about(kioskId)).toEqual(['raised']);
    await run(1, { [kioskId]: ack });
    expect(about(kioskId)).toEqual(['raised', 'cleared']);
  });
});
