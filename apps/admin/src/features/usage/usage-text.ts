/** The « Fréquentation » page's words and numbers in French (issue 49, part 2). */
import type { UsageDashboard } from '@plant-kiosk/contract';

const numberFormat = new Intl.NumberFormat('fr-FR');

/** 1 234 (a narrow no-break space between thousands, as French writes them). */
export const count = (value: number): string => numberFormat.format(value);

/** « 3 visites », « 1 visite », « 0 visite » (French: singular up to 1). */
export const counted = (value: number, singular: string, plural = `${singular}s`): string =>
  `${count(value)} ${value > 1 ? plural : singular}`;

/** « 42 % » of a whole (« — » for a whole of 0). */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  return `${Math.round((part / whole) * 100)} %`;
}

/** Monday first, as the heat map's weekdays (1 = Monday … 7 = Sunday). */
export const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

const shortDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const longDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A plant day (`YYYY-MM-DD`, a calendar date: read at UTC, it is that date) as « lun. 23 nov. ». */
export const shortDayLabel = (day: string): string => shortDay.format(new Date(`${day}T00:00:00Z`));

/** « lundi 23 novembre 2026 ». */
export const longDayLabel = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));

/** The language of the page views, in French. */
export const LANGUAGE_LABELS: Record<UsageDashboard['languages'][number]['language'], string> = {
  fr: 'Français',
  en: 'Anglais',
  unknown: 'Non précisée',
};

/** The parcours the kiosk names (`visitor`, a staff mode…): the known ones in French. */
const PARCOURS_LABELS: Readonly<Record<string, string>> = {
  visitor: 'Visiteur',
  visiteur: 'Visiteur',
  staff: 'Personnel',
  personnel: 'Personnel',
};

export const parcoursLabel = (parcours: string): string =>
  PARCOURS_LABELS[parcours.toLowerCase()] ??
  parcours.charAt(0).toLocaleUpperCase('fr-FR') + parcours.slice(1);

/** Whether the answer holds nothing at all: the page then says so rather than draw zeros. */
export function isEmpty(dashboard: UsageDashboard): boolean {
  return Object.values(dashboard.totals).every((value) => value === 0);
}
