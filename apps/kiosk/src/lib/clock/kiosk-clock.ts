/**
 * The time the kiosk's content is computed at: the browser's clock on a totem; in a preview of a
 * date (issue 46, « Voir la borne le … »), that date, running on from the moment the preview
 * opened — so sub-group windows, « Nouveau » badges and the clock on screen are those the totems
 * will show then, and they move on as they would.
 *
 * Only what the content shows reads it (windows, badges, the clock); timers, timeouts and the
 * sync's own times keep the real clock.
 */
let offsetMs = 0;

/** Epoch milliseconds of the content's "now". */
export function kioskNow(): number {
  return Date.now() + offsetMs;
}

/** Moves the content's clock to `instant` (epoch ms) from now on; a preview's only. */
export function setKioskNow(instant: number): void {
  offsetMs = instant - Date.now();
}

/** Back to the browser's clock (tests). */
export function resetKioskClock(): void {
  offsetMs = 0;
}
