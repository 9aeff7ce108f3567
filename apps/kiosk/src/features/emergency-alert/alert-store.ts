/**
 * The emergency alert as this totem knows it (emergency alerts, decision 012), latched: an `alert`
 * stream message starts it, and only an `alert: null` message (the end, or the state the server
 * sends when the totem reconnects) or the template's maximum duration ends it. It is kept in local
 * storage, so a reload, a network loss or a restarted browser keep the takeover on screen.
 *
 * After an end, `ending` holds the alert for END_SCREEN_MS, the time the end-of-alert text shows;
 * then the totem is back on the page it was on (the takeover covered it, never replaced it).
 *
 * Red button and acknowledgements: the store also notes when the alert arrived (`receivedAt`, the
 * monotonic clock) and, once the takeover is painted, the acknowledgement ("alerte affichée", with
 * the time the takeover took) that the fleet heartbeat carries to the server (decision 018).
 */
import type { ActiveAlert, AlertAck } from '@plant-kiosk/contract';
import { create } from 'zustand';
import { kioskStorage } from '../../lib/storage/kiosk-storage';

export const END_SCREEN_MS = 30_000;
const KEY_PREFIX = 'plant-kiosk:alert:';

export interface EndingAlert {
  alert: ActiveAlert;
  /** Epoch ms after which the end screen goes. */
  until: number;
  /** Why: the server said so, or the totem gave up waiting (maximum duration). */
  reason: 'ended' | 'expired';
}

interface AlertState {
  devname: string | null;
  active: ActiveAlert | null;
  ending: EndingAlert | null;
  /** performance.now() when the active alert arrived (stream message, or the start that restored it). */
  receivedAt: number | null;
  /** This totem's "alerte affichée" for the active alert, once its takeover was painted. */
  ack: AlertAck | null;
}

export const useAlertStore = create<AlertState>()(() => ({
  devname: null,
  active: null,
  ending: null,
  receivedAt: null,
  ack: null,
}));

/** The monotonic clock of the takeover measure (tests replace it). */
let monotonic = (): number => performance.now();
export function setMonotonicClock(clock: () => number): void {
  monotonic = clock;
}

/** Whether two alert states are the same alert (a reconnection re-sends the one in force). */
const sameAlert = (a: ActiveAlert | null, b: ActiveAlert | null): boolean =>
  a !== null &&
  b !== null &&
  a.startedAt === b.startedAt &&
  a.templateid === b.templateid &&
  a.alertid === b.alertid;

/**
 * The takeover of `alert` is on screen (painted at `paintedAt`, the monotonic clock): keeps the
 * acknowledgement, once per alert. An alert without a number (from a server that predates
 * acknowledgements) has nothing to acknowledge.
 */
export function markDisplayed(alert: ActiveAlert, paintedAt: number = monotonic()): void {
  const { active, receivedAt, ack } = useAlertStore.getState();
  if (!sameAlert(active, alert) || alert.alertid === undefined || receivedAt === null) return;
  if (ack?.alertid === alert.alertid) return;
  useAlertStore.setState({
    ack: {
      alertid: alert.alertid,
      displayedAt: new Date().toISOString(),
      takeoverMs: Math.max(0, Math.round(paintedAt - receivedAt)),
    },
  });
}

const storageKey = (devname: string) => `${KEY_PREFIX}${devname}`;

/** When a totem that hears nothing more ends the alert by itself. */
export const alertExpiresAt = (alert: ActiveAlert): number =>
  Date.parse(alert.startedAt) + alert.maxDurationMinutes * 60_000;

function readLatched(devname: string): ActiveAlert | null {
  try {
    const text = kioskStorage().getItem(storageKey(devname));
    if (!text) return null;
    const value = JSON.parse(text) as ActiveAlert;
    return typeof value?.templateid === 'number' && typeof value.startedAt === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

function writeLatched(devname: string, alert: ActiveAlert | null): void {
  try {
    if (alert) kioskStorage().setItem(storageKey(devname), JSON.stringify(alert));
    else kioskStorage().removeItem(storageKey(devname));
  } catch {
    // Storage full or denied: the alert still shows until a reload.
  }
}

/** Loads the latched alert of this development (the kiosk's start). */
export function restoreAlert(devname: string, now: number = Date.now()): void {
  const latched = readLatched(devname);
  if (latched && now >= alertExpiresAt(latched)) {
    writeLatched(devname, null);
    useAlertStore.setState({ devname, active: null, ending: null, receivedAt: null, ack: null });
    return;
  }
  useAlertStore.setState({
    devname,
    active: latched,
    ending: null,
    receivedAt: latched ? monotonic() : null,
    ack: null,
  });
}

/** What the stream said: an alert (start, replace, or the state on connecting) or none. */
export function receiveAlert(
  devname: string,
  alert: ActiveAlert | null,
  now: number = Date.now(),
): void {
  const { active } = useAlertStore.getState();
  if (alert) {
    if (now >= alertExpiresAt(alert)) return receiveAlert(devname, null, now);
    writeLatched(devname, alert);
    if (sameAlert(active, alert)) {
      // The state re-sent on reconnecting: the takeover is already there, its measure stands.
      useAlertStore.setState({ devname, active: alert, ending: null });
      return;
    }
    useAlertStore.setState({
      devname,
      active: alert,
      ending: null,
      receivedAt: monotonic(),
      ack: null,
    });
    return;
  }
  writeLatched(devname, null);
  // "No alert" while none is shown (every connection says so): nothing to end.
  if (!active) return;
  useAlertStore.setState({
    devname,
    active: null,
    ending: { alert: active, until: now + END_SCREEN_MS, reason: 'ended' },
  });
}

/** The maximum duration has passed without an end: the totem ends the alert by itself. */
export function expireAlert(now: number = Date.now()): void {
  const { active, devname } = useAlertStore.getState();
  if (!active || now < alertExpiresAt(active)) return;
  if (devname) writeLatched(devname, null);
  useAlertStore.setState({
    active: null,
    ending: { alert: active, until: now + END_SCREEN_MS, reason: 'expired' },
  });
}

/** The end screen's time is over. */
export function clearEnding(): void {
  useAlertStore.setState({ ending: null, ack: null, receivedAt: null });
}
