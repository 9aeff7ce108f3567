/**
 * Remote commands (issue 47) in French words: a command's name (« Changer de mode (Moulage) »),
 * its state (« échouée : écran indisponible ») and when, as the fleet row and the totem's page
 * show them. The fleet channel's `lastCommand` carries kind and state as plain strings (the status
 * may come from a newer server): an unknown one is shown as it came rather than hidden.
 */
import {
  KIOSK_COMMAND_LABELS,
  KIOSK_COMMAND_STATE_LABELS,
  presenceOf,
  type AdminUser,
  type KioskCommandMode,
  type KioskStatus,
} from '@plant-kiosk/contract';
import { formatDate } from '../../lib/labels';

/** The modes as the back-office names them (the contract's visitor mode is lower case). */
export const MODE_LABELS: Record<KioskCommandMode, string> = {
  Moulage: 'Moulage',
  Assemblage: 'Assemblage',
  visiteur: 'Visiteur',
};

/** How long a command waits for an offline totem: the sender's choice, an hour by default. */
export const EXPIRY_CHOICES = [
  { minutes: 15, label: '15 min' },
  { minutes: 60, label: '1 h' },
  { minutes: 4 * 60, label: '4 h' },
  { minutes: 24 * 60, label: '24 h' },
] as const;

const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(record, key);

export function commandLabel(kind: string, mode: string | null | undefined): string {
  const label = has(KIOSK_COMMAND_LABELS, kind) ? KIOSK_COMMAND_LABELS[kind] : kind;
  if (!mode) return label;
  return `${label} (${has(MODE_LABELS, mode) ? MODE_LABELS[mode] : mode})`;
}

export function stateLabel(state: string): string {
  return has(KIOSK_COMMAND_STATE_LABELS, state) ? KIOSK_COMMAND_STATE_LABELS[state] : state;
}

/** The badge of a state: done is good news, failed is the one to look at. */
export function stateBadge(state: string): string {
  switch (state) {
    case 'done':
      return 'badge badge-ok';
    case 'failed':
      return 'badge badge-flag';
    case 'sent':
      return 'badge badge-warn';
    default:
      return 'badge badge-muted';
  }
}

/** « il y a 3 min », then the plant's date past two days. */
export function since(iso: string | null, now: number, timeZone: string): string {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 5) return 'à l’instant';
  if (seconds < 60) return `il y a ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `il y a ${hours} h`;
  return formatDate(iso, timeZone);
}

/**
 * The « Vu » of a totem: « maintenant » while it is online — the live channel does not resend
 * each heartbeat's time (fleet-live.ts: presence times are no change), so a time would age on a
 * totem that reports every minute —, « jamais » before its first report (its login is no sign
 * of it showing anything), else how long ago it was last seen.
 */
export function seenText(kiosk: KioskStatus, now: number, timeZone: string): string {
  const presence = presenceOf(kiosk);
  if (presence === 'never-seen') return 'jamais';
  if (presence === 'online') return 'maintenant';
  return since(kiosk.lastSeenAt, now, timeZone);
}

/** Admins command every totem; an editor those of the developments given to them. */
export function canCommand(user: AdminUser | null, devid: number): boolean {
  if (!user || user.disabled) return false;
  return user.role === 'admin' || user.devids.includes(devid);
}
