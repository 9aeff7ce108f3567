/**
 * User Timing entries of a thumbnail, read by the bench (bench/suites/thumbnail-draw.ts) and
 * DevTools: a mark at each phase, and one measure spanning the drawing and the encoding (what
 * runs in the page, the idle wait before it excluded).
 */
export const THUMBNAIL_MARKS = {
  start: 'kiosk:thumbnail:start',
  surveyed: 'kiosk:thumbnail:surveyed',
  cloned: 'kiosk:thumbnail:cloned',
  serialized: 'kiosk:thumbnail:serialized',
  decoded: 'kiosk:thumbnail:decoded',
  drawn: 'kiosk:thumbnail:drawn',
  encoded: 'kiosk:thumbnail:encoded',
  measure: 'kiosk:thumbnail',
} as const;

export type ThumbnailMark = Exclude<keyof typeof THUMBNAIL_MARKS, 'measure'>;

/** Instrumentation must never fail a thumbnail: a missing User Timing API is ignored. */
export function markThumbnail(name: ThumbnailMark): void {
  try {
    performance.mark(THUMBNAIL_MARKS[name]);
  } catch {
    // the marks are a convenience
  }
}

/** The measure of the thumbnail just encoded; then its entries go (no pile-up over days). */
export function measureThumbnail(): void {
  try {
    performance.measure(THUMBNAIL_MARKS.measure, THUMBNAIL_MARKS.start, THUMBNAIL_MARKS.encoded);
  } catch {
    // as above
  }
  try {
    for (const name of Object.values(THUMBNAIL_MARKS)) {
      performance.clearMarks(name);
      performance.clearMeasures(name);
    }
  } catch {
    // as above
  }
}
