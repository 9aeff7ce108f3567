/**
 * Draws the page as the totem shows it — the emergency takeover included when it is up, since it
 * is part of the document — into a THUMBNAIL_WIDTH × THUMBNAIL_HEIGHT canvas, with
 * modern-screenshot (a DOM-to-image library: the page cloned with its computed styles into an SVG
 * foreignObject, which the browser rasterises).
 *
 * What the page cannot draw never goes through the library: a cross-origin frame (its document is
 * out of reach), a video (its frame would come out black, or taint the canvas when cross-origin),
 * an embed/object, a canvas the page cannot read (tainted). They are filtered out of the clone and
 * drawn afterwards, at their scaled place, as a hatched grey box with a French label
 * (thumbnail-geometry.ts), and counted (`placeholders`). An image the library could not fetch gets
 * the same box (the library's placeholder image hook). Never a blank or black area passed off as
 * the screen: a rasterised page that comes out uniform is a failure, said as such.
 *
 * Work on the main thread, and what was decided to keep it short (measured with
 * bench/suites/thumbnail-draw.ts, each step below took the longest task of a drawing down):
 * - each phase starts when the page is idle, with a yield between phases (page-turns.ts), and the
 *   clone itself is cut in ~25 ms slices (the library's per-node hook is awaited): in one go it
 *   was a 400–700 ms task on the demo's home;
 * - pictures nobody sees are left out of the clone: off screen (a long list's hidden rows) or
 *   under an ancestor at opacity 0 (the fading slideshow stacks every slide at one place);
 * - the pictures that are inlined are first reduced to 540 px (decoded and resized off the main
 *   thread by createImageBitmap): a full-size photo as base64 made the SVG heavy to decode;
 * - the SVG is decoded at thumbnail size (its width/height are the thumbnail's, its viewBox the
 *   page's): the browser rasterises 270 × 480 pixels, not 1080 × 1920; the library's own canvas
 *   step is not used (it rasterises at full size, then draws again after a 100 ms Safari
 *   work-around);
 * - fonts are not embedded (`font: false`): embedding fetches and base64-encodes every web font
 *   into the SVG, for letters 3 px high — the fallback font is indistinguishable at that size;
 * - no web workers for the library's fetches: `fetchFn` (reducedImage) does them, asynchronous
 *   and off-thread already; a worker would add a script to precache for nothing measured;
 * - only the style properties a 270 × 480 picture shows are copied (thumbnail-styles.ts), elements
 *   that show nothing (display none, opacity 0) are left out, and the clone's inline styles are
 *   thinned of what the element would inherit or has by default anyway (style-pruning.ts): the
 *   SVG went from ~480 K to ~160 K characters on the demo's home, its decoding from 60–270 ms to
 *   30–60 ms;
 * - the SVG is serialised and URL-encoded in slices too (sliced-markup.ts), not in one 40–170 ms
 *   call;
 * - the library's sandbox frame (tags' default styles) is made and loaded before the clone, in a
 *   task of its own.
 * What remains in one piece: decoding the SVG (30–60 ms on the shared bench machine; the suite
 * logs where each long task fell).
 */
import { createContext, destroyContext, domToForeignObjectSvg } from 'modern-screenshot';
import { ThumbnailError } from './thumbnail-error';
import {
  fitViewport,
  placeholderBoxes,
  THUMBNAIL_SIZE,
  type PlaceholderBox,
  type PlaceholderKind,
  type Size,
  type Undrawn,
} from './thumbnail-geometry';
import { nextQuietMoment, whenIdle, yieldToPage } from './page-turns';
import { markThumbnail } from './thumbnail-marks';
import { slicedSvgDataUrl } from './sliced-markup';
import { pruneInlineStyles } from './style-pruning';
import { THUMBNAIL_STYLE_PROPERTIES } from './thumbnail-styles';

export interface DrawnPage {
  canvas: HTMLCanvasElement;
  /** How many labelled boxes stand for what could not be drawn. */
  placeholders: number;
}

/** Letterbox bars (a screen that is not 9:16): a mid grey, not to be read as a black screen. */
const LETTERBOX = '#6b6b6b';
/** Longest wait for one image the library fetches (it would wait 30 s by default). */
const FETCH_TIMEOUT_MS = 8000;
/**
 * Longest side of a picture inlined in the clone: twice the thumbnail's width. A 1080 × 1920 page
 * shows its pictures at ¼ scale; inlined at full size (a 2 MB photo as base64), they make the SVG
 * slow to decode on the main thread for pixels nobody sees.
 */
const INLINED_IMAGE_MAX = 2 * THUMBNAIL_SIZE.width;
/** Cloning and serialising yield to the page after this much work (one go otherwise). */
const SLICE_MS = 25;

/** What the library must not be given, and how it shows on the thumbnail. */
export function undrawableKind(element: Element): PlaceholderKind | null {
  const tag = element.tagName;
  if (tag === 'VIDEO') return 'video';
  if (tag === 'IFRAME') {
    try {
      // A same-origin frame's document is cloned by the library; a cross-origin one is null (or
      // throws): it is out of reach.
      return (element as HTMLIFrameElement).contentDocument?.documentElement ? null : 'frame';
    } catch {
      return 'frame';
    }
  }
  if (tag === 'EMBED' || tag === 'OBJECT') return 'other';
  // A canvas is left to the library, never probed here: asking a canvas for a context creates
  // one when the page has not yet, and the page (pdf.js drawing a PDF page) may then be refused
  // the context it asks for — a PDF opening while a thumbnail was drawn failed to load (seen in
  // the viewers' browser test under load). The page's canvases are same-origin drawings.
  return null;
}

function visibleRect(element: Element, viewport: Size): DOMRect | null {
  const rect = element.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return null;
  if (rect.right <= 0 || rect.bottom <= 0 || rect.left >= viewport.width) return null;
  if (rect.top >= viewport.height) return null;
  return rect;
}

/**
 * A picture nobody sees though it is in the viewport: under a fully transparent ancestor (the
 * fading slideshow stacks all its slides at one place, the hidden ones at opacity 0) or hidden.
 * Inlining them made the SVG several times heavier, and its decoding a long task.
 */
function unseen(element: Element, view: Window): boolean {
  for (let node: Element | null = element; node && node !== node.ownerDocument.body;) {
    const style = view.getComputedStyle(node);
    if (style.opacity === '0' || style.visibility === 'hidden' || style.display === 'none') {
      return true;
    }
    node = node.parentElement;
  }
  return false;
}

/**
 * An element that shows nothing, nor do its descendants: not displayed, or fully transparent
 * (the slideshow's hidden slides). The library would clone it with its styles all the same, text
 * for the SVG's decoder to parse and lay out for no pixel.
 */
function invisible(element: Element, view: Window): boolean {
  const style = view.getComputedStyle(element);
  return style.display === 'none' || style.opacity === '0';
}

/** Longest wait for the sandbox frame's empty document (it loads from a string, at once). */
const SANDBOX_LOAD_MS = 2000;

/**
 * The frame where the library reads each tag's default style (to copy only what differs), as the
 * library would make it: hidden, empty, at the end of the page; destroyContext removes it.
 */
async function styleSandbox(doc: Document): Promise<HTMLIFrameElement> {
  const sandbox = doc.createElement('iframe');
  sandbox.id = '__SANDBOX__thumbnail';
  sandbox.width = '0';
  sandbox.height = '0';
  sandbox.style.visibility = 'hidden';
  sandbox.style.position = 'fixed';
  sandbox.setAttribute('aria-hidden', 'true');
  sandbox.tabIndex = -1;
  const loaded = new Promise<void>((resolve) => {
    sandbox.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, SANDBOX_LOAD_MS);
  });
  doc.body.appendChild(sandbox);
  sandbox.srcdoc = '<!DOCTYPE html><meta charset="UTF-8"><title></title><body>';
  await loaded;
  return sandbox;
}

interface PageSurvey {
  /** Elements left out of the clone (their subtree too). */
  excluded: Set<Element>;
  undrawn: Undrawn[];
}

/** One pass over the page: what to leave out, and where the boxes go. */
function surveyPage(root: Element, viewport: Size): PageSurvey {
  const excluded = new Set<Element>();
  const undrawn: Undrawn[] = [];
  const view = root.ownerDocument.defaultView;
  for (const element of root.querySelectorAll('video, iframe, embed, object, canvas, img')) {
    const rect = visibleRect(element, viewport);
    if (element.tagName === 'IMG') {
      if (rect === null || (view !== null && unseen(element, view))) excluded.add(element);
      continue;
    }
    const kind = undrawableKind(element);
    if (kind === null) continue;
    excluded.add(element);
    if (rect === null) continue;
    if (view?.getComputedStyle(element).visibility === 'hidden') continue;
    undrawn.push({ kind, rect });
  }
  return { excluded, undrawn };
}

/** A hatched grey box with its label: clearly "not drawn", never mistaken for content. */
export function drawPlaceholder(context: CanvasRenderingContext2D, box: PlaceholderBox): void {
  context.save();
  context.beginPath();
  context.rect(box.x, box.y, box.width, box.height);
  context.clip();
  context.fillStyle = '#d0d0d0';
  context.fillRect(box.x, box.y, box.width, box.height);
  context.strokeStyle = '#a8a8a8';
  context.lineWidth = 2;
  for (let d = -box.height; d < box.width; d += 8) {
    context.beginPath();
    context.moveTo(box.x + d, box.y + box.height);
    context.lineTo(box.x + d + box.height, box.y);
    context.stroke();
  }
  context.strokeStyle = '#555';
  context.lineWidth = 1;
  context.strokeRect(box.x + 0.5, box.y + 0.5, box.width - 1, box.height - 1);
  if (box.width >= 24 && box.height >= 10) {
    const size = Math.max(8, Math.min(14, Math.floor(box.height / 3), Math.floor(box.width / 7)));
    context.font = `bold ${size}px sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const text = box.label;
    const width = Math.min(box.width - 4, context.measureText(text).width + 8);
    context.fillStyle = 'rgba(255, 255, 255, 0.9)';
    context.fillRect(cx - width / 2, cy - size * 0.75, width, size * 1.5);
    context.fillStyle = '#222';
    context.fillText(text, cx, cy, box.width - 6);
  }
  context.restore();
}

/** A data URL of a hatched grey picture: what the library puts for an image it could not fetch. */
function failedImagePlaceholder(): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">' +
    '<defs><pattern id="h" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    '<rect width="8" height="8" fill="#d0d0d0"/><rect width="3" height="8" fill="#a8a8a8"/></pattern></defs>' +
    '<rect width="80" height="80" fill="url(#h)" stroke="#555"/>' +
    '<rect x="4" y="30" width="72" height="20" fill="#fff" fill-opacity="0.9"/>' +
    '<text x="40" y="44" font-family="sans-serif" font-size="9" text-anchor="middle" fill="#222">Contenu non dessiné</text></svg>';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('lecture impossible'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A picture of the page, reduced to INLINED_IMAGE_MAX before it is inlined: decoded and resized
 * off the main thread (createImageBitmap), encoded by an OffscreenCanvas. `false` lets the library
 * fetch it as is (a vector picture, a browser without these APIs, any failure).
 */
export async function reducedImage(url: string): Promise<string | false> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap !== 'function') {
    return false;
  }
  try {
    const response = await fetch(url, { cache: 'force-cache' });
    if (!response.ok) return false;
    const blob = await response.blob();
    if (!blob.type.startsWith('image/') || blob.type === 'image/svg+xml') return false;
    const full = await createImageBitmap(blob);
    const ratio = Math.min(1, INLINED_IMAGE_MAX / Math.max(full.width, full.height));
    const width = Math.max(1, Math.round(full.width * ratio));
    const height = Math.max(1, Math.round(full.height * ratio));
    full.close();
    if (ratio === 1 && blob.size < 64 * 1024) return await blobToDataUrl(blob);
    const bitmap = await createImageBitmap(blob, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'medium',
    });
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    return await blobToDataUrl(await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 }));
  } catch {
    return false;
  }
}

function loadImage(url: string, doc: Document): Promise<HTMLImageElement> {
  const image = doc.createElement('img');
  image.decoding = 'async';
  image.src = url;
  return image.decode().then(
    () => image,
    (error: unknown) => {
      throw new ThumbnailError('le navigateur n’a pas pu dessiner la page (SVG illisible)', {
        cause: error,
      });
    },
  );
}

/** Whether every sampled pixel of the area is the same colour (a page that did not render). */
export function isUniform(data: Uint8ClampedArray, step = 4 * 7): boolean {
  if (data.length < 4) return true;
  const [r, g, b, a] = [data[0], data[1], data[2], data[3]];
  for (let i = step; i + 3 < data.length; i += step) {
    if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b || data[i + 3] !== a) return false;
  }
  return true;
}

/**
 * Draws the page (see the module's header). Rejects with a ThumbnailError saying why when it
 * cannot: nothing half-drawn is ever returned.
 */
export async function drawPage(doc: Document = document): Promise<DrawnPage> {
  const view = doc.defaultView;
  if (!view) throw new ThumbnailError('page sans fenêtre');
  await whenIdle();
  const viewport: Size = { width: view.innerWidth, height: view.innerHeight };
  const fit = fitViewport(viewport);
  if (fit.scale === 0) throw new ThumbnailError('fenêtre de taille nulle');
  const root = doc.body;
  const { excluded, undrawn } = surveyPage(root, viewport);
  markThumbnail('surveyed');
  let failedImages = 0;
  const background =
    [
      view.getComputedStyle(root).backgroundColor,
      view.getComputedStyle(doc.documentElement).backgroundColor,
    ].find((colour) => colour && colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') ??
    '#ffffff';

  await nextQuietMoment();
  let svg: SVGElement;
  let sliceStart = performance.now();
  const context = await createContext(root, {
    width: viewport.width,
    height: viewport.height,
    backgroundColor: background,
    font: false,
    timeout: FETCH_TIMEOUT_MS,
    // The page as it is scrolled (a long staff page read halfway), not its top.
    features: { restoreScrollPosition: true },
    includeStyleProperties: [...THUMBNAIL_STYLE_PROPERTIES],
    filter: (node) => !(node instanceof Element && (excluded.has(node) || invisible(node, view))),
    // Awaited by the library after each element: the clone is cut in slices, the page gets its
    // turn between them (a tap, an animation frame). The page may change meanwhile: at thumbnail
    // size, a slide that moved on halfway is an acceptable blur, a 500 ms freeze is not.
    onCloneEachNode: async () => {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await yieldToPage();
      sliceStart = performance.now();
    },
    fetchFn: reducedImage,
    fetch: {
      placeholderImage: () => {
        failedImages++;
        return failedImagePlaceholder();
      },
    },
  });
  try {
    // Made here, not by the library at its first element: adding a frame to the page and loading
    // it was a 60–100 ms task at the clone's start (the page laid out again, the frame's document
    // made). Its own task now, and the page renders before the clone starts.
    const sandbox = await styleSandbox(doc);
    context.sandbox = sandbox;
    excluded.add(sandbox);
    await nextQuietMoment();
    sliceStart = performance.now();
    svg = await domToForeignObjectSvg(context);
    const clonedRoot = svg.querySelector('foreignObject')?.firstElementChild;
    if (clonedRoot && sandbox.contentDocument) {
      await pruneInlineStyles(
        clonedRoot,
        sandbox.contentDocument,
        THUMBNAIL_STYLE_PROPERTIES,
        yieldToPage,
        SLICE_MS,
      );
    }
  } catch (error) {
    throw new ThumbnailError(
      `la page n’a pas pu être copiée : ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    destroyContext(context);
  }

  markThumbnail('cloned');
  await nextQuietMoment();
  // A data URL, as the library does: Chromium taints the canvas for a foreignObject SVG loaded
  // from a blob URL (tried: every thumbnail failed « canvas protégé »).
  // Its own size becomes the thumbnail's (the viewBox keeps the page's 1080 × 1920 layout): the
  // browser rasterises 270 × 480 pixels when it decodes, not the whole screen's 2 million.
  svg.setAttribute('width', String(Math.round(fit.width)));
  svg.setAttribute('height', String(Math.round(fit.height)));
  const url = await slicedSvgDataUrl(svg, yieldToPage, SLICE_MS);
  markThumbnail('serialized');
  // Serialising and decoding are each tens of milliseconds on a busy page: two tasks, not one.
  await yieldToPage();
  const image = await loadImage(url, doc);

  markThumbnail('decoded');
  await nextQuietMoment();
  const canvas = doc.createElement('canvas');
  canvas.width = THUMBNAIL_SIZE.width;
  canvas.height = THUMBNAIL_SIZE.height;
  const context2d = canvas.getContext('2d');
  if (!context2d) throw new ThumbnailError('canvas 2D indisponible');
  context2d.fillStyle = LETTERBOX;
  context2d.fillRect(0, 0, canvas.width, canvas.height);
  context2d.imageSmoothingQuality = 'high';
  context2d.drawImage(image, fit.offsetX, fit.offsetY, fit.width, fit.height);
  let pixels: Uint8ClampedArray;
  try {
    pixels = context2d.getImageData(
      Math.floor(fit.offsetX),
      Math.floor(fit.offsetY),
      Math.max(1, Math.floor(fit.width)),
      Math.max(1, Math.floor(fit.height)),
    ).data;
  } catch (error) {
    throw new ThumbnailError('le dessin de la page est illisible (canvas protégé)', {
      cause: error,
    });
  }
  if (isUniform(pixels)) throw new ThumbnailError('la page est sortie vide (une seule couleur)');
  const boxes = placeholderBoxes(undrawn, viewport, fit);
  for (const box of boxes) drawPlaceholder(context2d, box);
  return { canvas, placeholders: boxes.length + failedImages };
}
