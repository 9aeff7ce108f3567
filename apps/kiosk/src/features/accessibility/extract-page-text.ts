/**
 * What « Lire à voix haute » says: the text a page SHOWS, in reading order (issue 52, part 1).
 *
 * The page's title (the headband's heading) comes first, then a walk of the visible DOM of the
 * content area (`main#contenu`): its section headings, texts, and the text alternatives of its
 * pictures (an `<img>`'s alt, the aria-label of an `<svg>` or a `role="img"`). What the eye
 * cannot see is not read (display: none, visibility: hidden, `hidden`, aria-hidden subtrees —
 * the marquee's looping copy, the « FR » badge), except the visually-hidden sentences written for
 * screen readers, which are text for whoever cannot read the screen. Controls' own names
 * (aria-label of a button, « Ouvrir Menu, 1 / 3 ») are actions, not content: the picture inside
 * the button is read instead. The header's clock and the accessibility controls are outside the
 * walked regions.
 *
 * Every block (paragraph, heading, list item, tile…) is one piece, with the language of its
 * nearest `lang` ancestor, so an English visitor page reads in English and a French-only zone
 * within it keeps its own language if it is marked so.
 */

export interface PageTextPiece {
  text: string;
  /** BCP 47 language of the piece, from the nearest `lang` attribute ('fr' by default). */
  lang: string;
}

/** Elements whose content is never read. */
const SKIPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'CANVAS',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'AUDIO',
]);

/** Elements that end a piece (a pause in the voice), whatever their CSS display. */
const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'BUTTON',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LABEL',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);

const INLINE_DISPLAYS = new Set(['inline', 'contents', '']);

function isHidden(element: Element): boolean {
  if (element.getAttribute('aria-hidden') === 'true') return true;
  if (element instanceof HTMLElement && element.hidden) return true;
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const style = view.getComputedStyle(element);
  return (
    style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse'
  );
}

function isBlock(element: Element): boolean {
  if (BLOCK_TAGS.has(element.tagName)) return true;
  const display = element.ownerDocument.defaultView?.getComputedStyle(element).display ?? '';
  return !INLINE_DISPLAYS.has(display) && !display.startsWith('inline');
}

/** The text alternative of a picture, or null when the element is not a picture. */
function pictureText(element: Element): string | null {
  const tag = element.tagName.toUpperCase();
  if (tag === 'IMG') return element.getAttribute('alt') ?? '';
  if (tag === 'SVG' || element.getAttribute('role') === 'img') {
    return element.getAttribute('aria-label') ?? '';
  }
  if (tag === 'VIDEO') return element.getAttribute('aria-label') ?? '';
  return null;
}

function languageOf(element: Element, fallback: string): string {
  return element.closest('[lang]')?.getAttribute('lang') || fallback;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text of `roots`, in order, as pieces (one per block). A root that is null is skipped, so
 * a page without a headband just starts with its content.
 */
export function extractPageText(
  roots: ReadonlyArray<Element | null>,
  fallbackLang = 'fr',
): PageTextPiece[] {
  const pieces: PageTextPiece[] = [];
  let words: string[] = [];
  let lang = fallbackLang;

  const flush = () => {
    const text = normalise(words.join(' '));
    words = [];
    if (!text) return;
    const last = pieces.at(-1);
    // The same words twice in a row (a tile's label repeated by its picture) are said once.
    if (last && last.text === text && last.lang === lang) return;
    pieces.push({ text, lang });
  };
  const add = (text: string, element: Element) => {
    const pieceLang = languageOf(element, fallbackLang);
    if (pieceLang !== lang && words.length > 0) flush();
    lang = pieceLang;
    words.push(text);
  };

  const walk = (element: Element) => {
    if (SKIPPED_TAGS.has(element.tagName.toUpperCase()) || isHidden(element)) return;
    if (element.hasAttribute('data-read-aloud-skip')) return;
    const picture = pictureText(element);
    if (picture !== null) {
      if (normalise(picture)) {
        flush();
        add(picture, element);
        flush();
      }
      return;
    }
    const block = isBlock(element);
    if (block) flush();
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 3) {
        const text = child.textContent ?? '';
        if (text.trim()) add(text, element);
      } else if (child.nodeType === 1) {
        walk(child as Element);
      }
    }
    if (block) flush();
  };

  for (const root of roots) {
    if (!root) continue;
    walk(root);
    flush();
  }
  return pieces;
}

/** The current page's regions, as the frame draws them: the headband's title, then the content. */
export function currentPageRoots(doc: Document = document): Array<Element | null> {
  return [
    doc.querySelector('[data-testid="banner"] .banner__title'),
    doc.getElementById('contenu'),
  ];
}
