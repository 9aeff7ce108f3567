/**
 * Opening hours in the fleet (issue 48, part 2): a totem the server cannot reach while the
 * development is closed — on its published opening hours, in its published time zone — reads
 * « Hors des heures d'ouverture » with no « silencieux » flag; the same totem in opening hours is
 * silent. The hours are read from the live settings (a draft changes nothing), once per list and
 * not once per totem. Runs on SQLite and PostgreSQL.
 */
import {
  DEFAULT_SETTINGS,
  FLEET_SILENT_FLAG_MS,
  hashPasswordForLogin,
  pathOf,
  TOKEN_HEADER,
  type DevelopmentSettings,
  type Envelope,
  type KioskStatus,
  type LoginResponse,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SettingsRepository } from '../settings/index.js';
import { createAdminSuite, data, type AdminClient } from '../testing/admin-fixture.js';
import type { AdminFixture } from '../testing/admin-fixture.js';
import { DEMO_PASSWORD, publishDraftDirectly } from '../testing/fixture.js';

let f: AdminFixture;
let admin: AdminClient;

beforeAll(async () => {
  ({ f, admin } = await createAdminSuite());
});
afterAll(async () => {
  f.resetClock();
  await f.close();
});

/** Monday to Friday 06:00–20:00 in New York, the weekend closed. */
const WEEKDAYS_IN_NEW_YORK: DevelopmentSettings = {
  ...DEFAULT_SETTINGS,
  timeZone: 'America/New_York',
  openingHours: {
    kind: 'weekly',
    days: [...Array.from({ length: 5 }, () => [{ open: '06:00', close: '20:00' }]), [], []],
  },
};

async function loggedIn(): Promise<LoginResponse> {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: 'neubourg',
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<LoginResponse>>().data!;
}

async function heartbeat(totem: LoginResponse): Promise<void> {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: totem.token },
    payload: {
      kioskId: totem.kioskId!,
      mode: 'totem',
      totem: 'Moulage',
      appVersion: '1.2.3',
      contentVersion: null,
      lastSyncAt: null,
      storageUsedBytes: null,
      storageQuotaBytes: null,
      lastError: null,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function statusOf(kioskId: string): Promise<KioskStatus> {
  const response = await admin.get(pathOf('adminFleet', { query: { devid: f.ids.devid } }));
  expect(response.statusCode, response.body).toBe(200);
  const status = data<KioskStatus[]>(response).find((entry) => entry.kioskId === kioskId);
  expect(status).toBeDefined();
  return status!;
}

/** A totem's last heartbeat at `at`, then the clock moved past the silent threshold. */
async function silentSince(at: string): Promise<LoginResponse> {
  f.clock.now = new Date(at);
  const totem = await loggedIn();
  await heartbeat(totem);
  f.clock.now = new Date(Date.parse(at) + FLEET_SILENT_FLAG_MS + 60_000);
  return totem;
}

describe('opening hours in the fleet (issue 48, part 2)', () => {
  it('a totem out of reach while the plant is closed is outside the hours, not silent', async () => {
    // Always open (the default): out of reach past the threshold is silent, at any hour.
    // Tuesday 10 March 2026 09:00 UTC is 05:00 in New York (summer time since 8 March).
    const night = await silentSince('2026-03-10T09:00:00Z');
    expect(await statusOf(night.kioskId!)).toMatchObject({ presence: 'silent', flag: 'silent' });

    // Saved to the draft only: the totems do not have the hours yet, nor does the fleet.
    await f.repos.settings.saveDraft(f.ids.devid, WEEKDAYS_IN_NEW_YORK);
    expect((await statusOf(night.kioskId!)).presence).toBe('silent');

    await publishDraftDirectly(f.repos, f.ids.devid);
    // 05:16 in New York (10:16 in Paris): closed there.
    const closed = await statusOf(night.kioskId!);
    expect(closed).toMatchObject({ presence: 'outside-hours', state: 'offline' });
    // Not flagged silent (it may still be behind the publish it could not fetch).
    expect(closed.flag).not.toBe('silent');

    // Last heard of at 06:00 in New York, now 06:16: open, so silent (in winter time it would
    // be 05:16, closed: the zone's summer time counts).
    const morning = await silentSince('2026-03-10T10:00:00Z');
    expect(await statusOf(morning.kioskId!)).toMatchObject({ presence: 'silent', flag: 'silent' });
  });

  it('reads the development’s live settings once per list, not once per totem', async () => {
    f.clock.now = new Date('2026-03-10T10:20:00Z'); // 06:20 in New York: open
    const [first, second] = [await loggedIn(), await loggedIn()];
    await heartbeat(first!);
    await heartbeat(second!);
    f.clock.now = new Date(Date.parse('2026-03-10T10:20:00Z') + FLEET_SILENT_FLAG_MS + 60_000);
    const one = vi.spyOn(SettingsRepository.prototype, 'live');
    const many = vi.spyOn(SettingsRepository.prototype, 'liveOf');
    try {
      const response = await admin.get(pathOf('adminFleet', { query: { devid: f.ids.devid } }));
      const statuses = data<KioskStatus[]>(response).filter((status) =>
        [first!.kioskId, second!.kioskId].includes(status.kioskId),
      );
      expect(statuses.map((status) => status.presence)).toEqual(['silent', 'silent']);
      expect(many).toHaveBeenCalledTimes(1);
      expect(one).not.toHaveBeenCalled();
    } finally {
      one.mockRestore();
      many.mockRestore();
    }
  });
});
