/** French wording of an alert's state, shared by the banner and the list of totems (red button and
 * acknowledgements, decision 018). */
import type { AlertCounts, AlertKiosk } from '@plant-kiosk/contract';

/** One formatter a zone: building one costs far more than using it. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * « 10:02:07 »: when something happened, on the plant's clock (`timeZone`: the development's,
 * lib/plant-zone.ts) — the time the people on site read on their walls, not the browser's.
 */
export function timeOf(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

/** "2 totems l'affichent · 1 sans confirmation après 5 s · 1 hors ligne". */
export function countsText(counts: AlertCounts): string {
  const parts = [
    `${counts.displayed} ${plural(counts.displayed, 'totem l’affiche', 'totems l’affichent')}`,
  ];
  if (counts.waiting > 0) parts.push(`${counts.waiting} en attente`);
  if (counts.late > 0) parts.push(`${counts.late} sans confirmation après 5 s`);
  if (counts.offline > 0) parts.push(`${counts.offline} hors ligne`);
  return parts.join(' · ');
}

/**
 * « 2 totems silencieux depuis plus de 15 min, non comptés »: the totems not expected to be on
 * (issue 47), said apart from the counts that ask for action; null when there are none.
 */
export function silentText(counts: AlertCounts): string | null {
  const silent = counts.silent ?? 0;
  if (silent === 0) return null;
  return `${silent} ${plural(silent, 'totem silencieux', 'totems silencieux')} depuis plus de 15 min, ${plural(silent, 'non compté', 'non comptés')} (éteint${silent > 1 ? 's' : ''} ou débranché${silent > 1 ? 's' : ''} ?)`;
}

export const STATE_LABELS: Record<AlertKiosk['state'], string> = {
  displayed: 'Affichée',
  waiting: 'En attente',
  late: 'Pas de confirmation après 5 s',
  offline: 'Hors ligne',
  silent: 'Silencieux (non compté)',
};

export const STATE_BADGES: Record<AlertKiosk['state'], string> = {
  displayed: 'badge-ok',
  waiting: 'badge-muted',
  late: 'badge-flag',
  offline: 'badge-off',
  silent: 'badge-muted',
};

/** The totem's name when the fleet gave it one, else the start of its id. */
export function kioskName(kiosk: Pick<AlertKiosk, 'kioskId' | 'name'>): string {
  return kiosk.name ?? kiosk.kioskId.slice(0, 8);
}

export function kioskLabel(kiosk: AlertKiosk): string {
  if (kiosk.mode === 'parcours') return 'Parcours visiteur';
  if (kiosk.mode === 'totem') return `Totem ${kiosk.totem ?? ''}`.trim();
  return 'Mode non choisi';
}
