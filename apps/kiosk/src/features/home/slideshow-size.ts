/** Spec §2 and §9: the home slideshow is 1080×607 and changes every 5000 ms. */
export const SLIDESHOW_WIDTH = 1080;
export const SLIDESHOW_HEIGHT = 607;
export const SLIDESHOW_DELAY_MS = 5000;
