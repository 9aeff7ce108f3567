/**
 * The company magazine's issues (docs/product.md#content-model "Company magazine issue": `mois`, whose first value is
 * the issue's date, and `pages`): read from the zone's elements, labelled with the French month
 * and year, newest first. An issue without a readable date sorts last and is labelled with its
 * element's name, so a typo in the back-office never hides an issue.
 */
import type { Element, PopulatedSubgroup } from '@plant-kiosk/contract';
import { pageImages, type PageImage } from '../content';

export interface MagazineIssue {
  elementid: number;
  /** The element's value, e.g. "Le Fil du Neubourg n°23 — octobre 2024". */
  title: string;
  date: Date | null;
  /** "Octobre 2024" (or the title when the date is unreadable). */
  label: string;
  /** Page images in reading order, with their text alternatives. */
  pages: PageImage[];
}

const MONTH_YEAR = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mars 2023": the French month name and year, capitalised as a label. */
export function frenchMonthLabel(date: Date): string {
  const text = MONTH_YEAR.format(date);
  return text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1);
}

/** Reads a `mois` value: an ISO date ("2024-10-01") or date-time; null when unreadable. */
export function parseIssueDate(value: string | undefined): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  // A bare date is a calendar day: read it as UTC so no time zone moves it to the previous month.
  const time = /^\d{4}-\d{2}(-\d{2})?$/.test(trimmed)
    ? Date.parse(`${trimmed.length === 7 ? `${trimmed}-01` : trimmed}T00:00:00Z`)
    : Date.parse(trimmed);
  return Number.isNaN(time) ? null : new Date(time);
}

/** The zone's issues, newest first. */
export function toMagazineIssues(
  elements: readonly Element[],
  subgroupsByElement: ReadonlyMap<number, readonly PopulatedSubgroup[]>,
): MagazineIssue[] {
  const issues = elements.map((element): MagazineIssue => {
    const group = subgroupsByElement.get(element.elementid)?.[0];
    const date = parseIssueDate(group?.fields['mois']?.[0]?.value);
    return {
      elementid: element.elementid,
      title: element.value,
      date,
      label: date ? frenchMonthLabel(date) : element.value,
      pages: pageImages(group?.fields['pages']),
    };
  });
  return issues.sort(
    (a, b) =>
      (b.date?.getTime() ?? -Infinity) - (a.date?.getTime() ?? -Infinity) ||
      b.elementid - a.elementid,
  );
}

/** The newest issue that has pages to show, if any. */
export function newestIssue(issues: readonly MagazineIssue[]): MagazineIssue | undefined {
  return issues.find((issue) => issue.pages.length > 0);
}
