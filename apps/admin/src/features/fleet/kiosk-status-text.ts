/**
 * A totem's status in French words, as the fleet's rows and a totem's page show it: its presence
 * (the contract's words, totem-presence.ts), which revision it shows against the published one,
 * its media, its mode, its flag.
 */
import {
  PRESENCE_LABELS,
  presenceOf,
  presenceText,
  type KioskStatus,
  type TotemPresence,
} from '@plant-kiosk/contract';
import { formatDate } from '../../lib/labels';

/** Each presence's badge: green online, grey offline, coral silent, muted when nothing is wrong. */
export const PRESENCE_BADGES: Record<TotemPresence, string> = {
  online: 'badge badge-ok',
  offline: 'badge badge-off',
  silent: 'badge badge-warn',
  'outside-hours': 'badge badge-muted',
  'never-seen': 'badge badge-muted',
};

/** The states the fleet's filter offers, in this order (outside hours: only once part 2 makes it). */
export const PRESENCE_FILTERS: readonly TotemPresence[] = [
  'online',
  'offline',
  'silent',
  'never-seen',
];

export interface PresenceWords {
  presence: TotemPresence;
  /** The state's name (the badge). */
  label: string;
  /** The rest of its sentence after the name (« — affiche la révision 12 depuis le … »), or ''. */
  rest: string;
}

/**
 * A totem's state in words, its times in the plant's zone: the name for the badge and the rest of
 * the sentence after it, so that the two read as presenceText says it.
 */
export function presenceWords(kiosk: KioskStatus, timeZone: string): PresenceWords {
  const presence = presenceOf(kiosk);
  const label = PRESENCE_LABELS[presence];
  const text = presenceText({ ...kiosk, presence }, (iso) => formatDate(iso, timeZone));
  return {
    presence,
    label,
    rest: text.startsWith(label) ? text.slice(label.length) : ` — ${text}`,
  };
}

export const FLAG_LABELS: Record<NonNullable<KioskStatus['flag']>, string> = {
  silent: 'silencieux',
  behind: 'à surveiller',
  ahead: 'en avance',
};

/** The revision a totem shows, against the published one. */
export function revisionText(
  kiosk: Pick<KioskStatus, 'contentVersion' | 'currentContentVersion' | 'aheadOfServer'>,
) {
  if (kiosk.contentVersion === null) return 'jamais synchronisé';
  // The server's word, not a subtraction here: the contract says when a revision is ahead.
  if (kiosk.aheadOfServer) {
    return `révision ${kiosk.contentVersion} — en avance sur le serveur (sauvegarde restaurée ?)`;
  }
  const behind = kiosk.currentContentVersion - kiosk.contentVersion;
  return behind <= 0
    ? `révision ${kiosk.contentVersion} — à jour`
    : `révision ${kiosk.contentVersion} — ${behind} de retard`;
}

/** Its media for that revision, as last reported; null when unknown. */
export function mediaText(media: KioskStatus['media']): string | null {
  if (media === null) return null;
  if (media.phase === 'complete') return 'médias complets';
  const count = `médias ${media.cached} / ${media.total}`;
  return media.phase === 'downloading' ? `${count} en téléchargement` : count;
}

export function modeText(kiosk: KioskStatus): string {
  if (kiosk.mode === 'parcours') return 'Parcours visiteur';
  if (kiosk.mode === 'totem') return `Totem ${kiosk.totem ?? ''}`.trim();
  return 'Non choisi';
}
