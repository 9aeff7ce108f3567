/**
 * The emergency alert as this totem knows it (issue 23, decision 012), latched: an `alert` stream
 * message starts it, and only an `alert: null` message (the end, or the state the server sends
 * when the totem reconnects) or the template's maximum duration ends it. It is kept in local
 * storage, so a reload, a network loss or a restarted browser keep the takeover on screen.
 *
 * After an end, `ending` holds the alert for END_SCREEN_MS, the time the end-of-alert text shows;
 * then the totem is back on the page it was on (the takeover covered it, never replaced it).
 */
import type { ActiveAlert } from '@plant-kiosk/contract';
import { create } from 'zustand';

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
}

export const useAlertStore = create<AlertState>()(() => ({
  devname: null,
  active: null,
  ending: null,
}));

const storageKey = (devname: string) => `${KEY_PREFIX}${devname}`;

/** When a totem that hears nothing more ends the alert by itself. */
export const alertExpiresAt = (alert: ActiveAlert): number =>
  Date.parse(alert.startedAt) + alert.maxDurationMinutes * 60_000;

function readLatched(devname: string): ActiveAlert | null {
  try {
    const text = window.localStorage.getItem(storageKey(devname));
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
    if (alert) window.localStorage.setItem(storageKey(devname), JSON.stringify(alert));
    else window.localStorage.removeItem(storageKey(devname));
  } catch {
    // Storage full or denied: the alert still shows until a reload.
  }
}

/** Loads the latched alert of this development (the kiosk's start). */
export function restoreAlert(devname: string, now: number = Date.now()): void {
  const latched = readLatched(devname);
  if (latched && now >= alertExpiresAt(latched)) {
    writeLatched(devname, null);
    useAlertStore.setState({ devname, active: null, ending: null });
    return;
  }
  useAlertStore.setState({ devname, active: latched, ending: null });
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
    useAlertStore.setState({ devname, active: alert, ending: null });
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
  useAlertStore.setState({ ending: null });
}
