/**
 * "Image indisponible" instead of a broken icon (content-first sync, decision 019). An image the
 * totem cannot have — a file the sync could not cache (404, a host that never answers) and that the
 * network cannot give either (offline, or still failing) — would show the browser's broken-image
 * icon. One listener for the whole document (image `error` events do not bubble, so it listens in
 * the capture phase) draws a neutral placeholder with the text in its place, whatever component
 * rendered the image: every item keeps its box and layout, and no component has to remember to
 * handle it.
 *
 * The failed address is kept in `data-media-unavailable`. React sets `src` again only when its
 * value changes (new content): that new address loads, or fails and gets the placeholder in turn.
 * The placeholder itself (a data: URL) cannot fail, so there is no loop.
 */

export const MEDIA_UNAVAILABLE_ATTRIBUTE = 'data-media-unavailable';

const PLACEHOLDER_PREFIX = 'data:image/svg+xml,';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The placeholder: a light grey box with a picture glyph and the label, sliced to fill any box
 * (the centre, where the label is, always shows). Grey #49494a on #ececec: 8.3:1.
 */
export function unavailableImageSrc(label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">` +
    `<rect x="-400" y="-300" width="1200" height="900" fill="#ececec"/>` +
    `<g fill="none" stroke="#49494a" stroke-width="6" stroke-linejoin="round">` +
    `<rect x="160" y="80" width="80" height="64" rx="6"/>` +
    `<path d="M166 136l24-26 18 18 12-12 16 20"/></g>` +
    `<text x="200" y="190" text-anchor="middle" font-family="sans-serif" font-size="28" ` +
    `font-weight="700" fill="#49494a">${escapeXml(label)}</text></svg>`;
  return PLACEHOLDER_PREFIX + encodeURIComponent(svg);
}

/**
 * Puts the placeholder in place of any image of `root` that fails to load; returns the function
 * that stops it. `label` is read at each failure (the visitor may have switched language).
 */
export function installMediaFallback(options: {
  label: () => string;
  root?: Pick<Document, 'addEventListener' | 'removeEventListener'>;
}): () => void {
  const root = options.root ?? document;
  const onError = (event: Event) => {
    const image = event.target;
    if (!(image instanceof HTMLImageElement)) return;
    const failed = image.getAttribute('src') ?? '';
    if (failed === '' || failed.startsWith(PLACEHOLDER_PREFIX)) return;
    console.warn(`[media] image unavailable, placeholder shown: ${failed}`);
    image.setAttribute(MEDIA_UNAVAILABLE_ATTRIBUTE, failed);
    image.src = unavailableImageSrc(options.label());
  };
  root.addEventListener('error', onError, true);
  return () => root.removeEventListener('error', onError, true);
}

/**
 * Gives every placeholder's image its address back (the sync engine has just cached every file:
 * what failed may load now). One that still fails gets the placeholder again.
 */
export function retryUnavailableImages(root: ParentNode = document): number {
  const images = root.querySelectorAll<HTMLImageElement>(`img[${MEDIA_UNAVAILABLE_ATTRIBUTE}]`);
  for (const image of images) {
    const address = image.getAttribute(MEDIA_UNAVAILABLE_ATTRIBUTE) ?? '';
    image.removeAttribute(MEDIA_UNAVAILABLE_ATTRIBUTE);
    image.src = address;
  }
  return images.length;
}
