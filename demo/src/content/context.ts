/** What the content builders share: the media store, the seed's clock, and small helpers. */
import type { MediaStore } from '../media-store.js';
import type { PlannedElement, PlannedValue, PlannedZone } from '../demo-plan.js';
import { imageAltText } from '../image-alt-text.js';

export interface SeedContext {
  media: MediaStore;
  now: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** ISO date `days` days (and `hours` hours) before the seed's clock. */
export function ago(ctx: SeedContext, days: number, hours = 0): string {
  return new Date(ctx.now.getTime() - days * DAY - hours * HOUR).toISOString();
}

/** An image element: writes the SVG and returns the element that shows it. */
export function imageElement(
  ctx: SeedContext,
  title: string,
  svg: string,
  addedDaysAgo: number,
  addedHoursAgo = 0,
): PlannedElement {
  return {
    value: ctx.media.image(title, svg),
    type: 'image',
    alt: imageAltText(title, svg),
    addingdate: ago(ctx, addedDaysAgo, addedHoursAgo),
  };
}

export const imageValue = (ctx: SeedContext, title: string, svg: string): PlannedValue => ({
  value: ctx.media.image(title, svg),
  type: 'image',
  alt: imageAltText(title, svg),
});

export const textValue = (value: string): PlannedValue => ({ value, type: 'text' });

export function imageZone(
  zonename: string,
  elements: PlannedElement[],
  checkList = false,
): PlannedZone {
  return { zonename, type: 'images', checkList, elements };
}

/** "lundi 18 novembre" style dates for menus and notices. */
export function frenchDate(
  date: Date,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' },
): string {
  return new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'Europe/Paris' }).format(date);
}
