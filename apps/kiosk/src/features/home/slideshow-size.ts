/**
 * docs/product.md#screens: the home slideshow is 1080×607. Its interval (docs/product.md#constants: 5000 ms) is a published
 * setting (published settings, decision 017): `slideshowIntervalSeconds`, read by the carousel.
 */
export const SLIDESHOW_WIDTH = 1080;
export const SLIDESHOW_HEIGHT = 607;
