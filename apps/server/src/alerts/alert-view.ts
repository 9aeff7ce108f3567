/**
 * What the back-office sees of a development's emergency alert (red button and acknowledgements,
 * decision 018): the alert in force, the published templates (the red button's choices) and, during
 * an alert, every totem of the development with where it stands — it said it shows the alert
 * ("affichée", since when, how long its takeover took), it is offline, or it is online and has not
 * said so yet (within the 5 s of ALERT_ACK_DEADLINE_MS: waiting; past them: late).
 *
 * Computed from the store only (the fleet's rows, the acknowledgements), so every instance on one
 * PostgreSQL store shows the same list, whichever instance the totems talk to.
 */
import {
  ALERT_ACK_DEADLINE_MS,
  type AdminAlertView,
  type AlertCounts,
  type AlertKiosk,
} from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import { toKioskStatus } from '../fleet/index.js';

export interface AlertViewDeps {
  repos: Repositories;
  now: () => Date;
}

/**
 * Where a totem without an acknowledgement stands, `sinceStartMs` after the start. A totem silent
 * for longer than the fleet's silent flag (FLEET_SILENT_FLAG_MS: switched off, unplugged, gone) is
 * not expected to be on (issue 47): `silent`, apart from the offline ones that need a look.
 */
function silentState(
  status: { state: 'online' | 'offline'; flag: string | null },
  sinceStartMs: number,
): AlertKiosk['state'] {
  if (status.state !== 'online') return status.flag === 'silent' ? 'silent' : 'offline';
  return sinceStartMs > ALERT_ACK_DEADLINE_MS ? 'late' : 'waiting';
}

const ORDER: Record<AlertKiosk['state'], number> = {
  late: 0,
  offline: 1,
  waiting: 2,
  displayed: 3,
  silent: 4,
};

export async function alertView(
  deps: AlertViewDeps,
  devid: number,
  canTrigger: boolean,
): Promise<AdminAlertView> {
  const now = deps.now();
  const alert = await deps.repos.alerts.active(devid, now);
  const templates = await deps.repos.alerts.liveTemplates(devid);
  const counts: Required<AlertCounts> = {
    displayed: 0,
    waiting: 0,
    late: 0,
    offline: 0,
    silent: 0,
  };
  const kiosks: AlertKiosk[] = [];
  if (alert) {
    const acks = new Map(
      alert.alertid === undefined
        ? []
        : (await deps.repos.alerts.acks(alert.alertid)).map((ack) => [ack.kioskId, ack]),
    );
    const sinceStart = now.getTime() - Date.parse(alert.startedAt);
    const profiles = await deps.repos.kioskProfiles.byKiosk([devid]);
    for (const row of await deps.repos.kiosks.list([devid])) {
      const status = toKioskStatus(row, now);
      const online = status.state === 'online';
      const ack = acks.get(status.kioskId);
      const state = ack ? 'displayed' : silentState(status, sinceStart);
      const profile = profiles.get(`${devid}:${status.kioskId}`);
      counts[state] += 1;
      kiosks.push({
        kioskId: status.kioskId,
        mode: status.mode,
        totem: status.totem,
        state,
        online,
        displayedAt: ack?.displayedAt ?? null,
        ackedAt: ack?.ackedAt ?? null,
        takeoverMs: ack?.takeoverMs ?? null,
        lastSeenAt: status.lastSeenAt,
        name: profile?.name ?? null,
        location: profile?.location ?? null,
      });
    }
    // What needs a look first: the silent ones, then the offline ones.
    kiosks.sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.kioskId.localeCompare(b.kioskId));
  }
  const lastAlertid = await deps.repos.alerts.lastAlertid(devid);
  return {
    devid,
    alert,
    templates,
    canTrigger,
    kiosks,
    counts,
    lastAlertid,
    at: now.toISOString(),
  };
}
