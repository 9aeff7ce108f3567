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

export const STATE_LABELS: Record<AlertKiosk['state'], string> = {
  displayed: 'Affichée',
  waiting: 'En attente',
  late: 'Pas de confirmation après 5 s',
  offline: 'Hors ligne',
};

export const STATE_BADGES: Record<AlertKiosk['state'], string> = {
  displayed: 'badge-ok',
  waiting: 'badge-muted',
  late: 'badge-flag',
  offline: 'badge-off',
};

export function kioskLabel(kiosk: AlertKiosk): string {
  if (kiosk.mode === 'parcours') return 'Parcours visiteur';
  if (kiosk.mode === 'totem') return `Totem ${kiosk.totem ?? ''}`.trim();
  return 'Mode non choisi';
}
