/**
 * Layout checks at the totem's 1080 × 1920 (totem-size screen fixes), measured in the real browser:
 *
 * - tap targets: every visible button, link or form control is at least 44 × 44 CSS px
 *   (WCAG 2.5.5), so an operator in gloves can hit it;
 * - text overflow: no label, title or figure runs out of its box (scrollWidth > clientWidth, or a
 *   child's box past its parent's), which is how "3,5 milliards" or "environnement" spilled.
 *
 * Both return a readable list, so a failure names every offender at once.
 */
import { expect, type Page } from '@playwright/test';

export const MIN_TAP_PX = 44;

/** What a finger can tap: interactive elements that are rendered and not hidden. */
const TAP_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
].join(',');

/** Boxes whose text must stay inside them. */
const TEXT_BOX_SELECTOR = [
  '.banner__title',
  '.anchor-bar__button',
  '.route-button',
  '.route-button__title',
  '.key-figure',
  '.key-figure__value',
  '.product-tile__title',
  '.staff-section__title',
  '.breadcrumb a',
  'button',
].join(',');

export interface Offender {
  what: string;
  width: number;
  height: number;
}

export async function smallTapTargets(page: Page, minPx = MIN_TAP_PX): Promise<Offender[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const describe = (element: Element) => {
        const name =
          element.getAttribute('aria-label') ??
          element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
          '';
        const classes = Array.from(element.classList).slice(0, 2).join('.');
        return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${name}"`;
      };
      const offenders: { what: string; width: number; height: number }[] = [];
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const box = element.getBoundingClientRect();
        // Not rendered (closed popup, off-screen carousel clone) or visually hidden (skip link).
        if (box.width <= 1 || box.height <= 1) continue;
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        if (box.width < min || box.height < min) {
          offenders.push({
            what: describe(element),
            width: Math.round(box.width),
            height: Math.round(box.height),
          });
        }
      }
      return offenders;
    },
    { selector: TAP_SELECTOR, min: minPx },
  );
}

export async function overflowingText(page: Page): Promise<Offender[]> {
  return page.evaluate((selector) => {
    const offenders: { what: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // Scroll areas are meant to be wider than their box.
      const { overflowX } = getComputedStyle(element);
      if (overflowX === 'auto' || overflowX === 'scroll') continue;
      let spills = element.scrollWidth > element.clientWidth + 1;
      // The text itself (a text node has no box of its own): past the inside of the border.
      // Text for screen readers only (`.visually-hidden`: a 1 px clipped box) is never seen, so it
      // cannot spill out of anything.
      const hidden = (node: Node) => node.parentElement?.closest('.visually-hidden') != null;
      if (!spills) {
        const style = getComputedStyle(element);
        const inner = {
          left: box.left + parseFloat(style.borderLeftWidth),
          right: box.right - parseFloat(style.borderRightWidth),
        };
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node && !spills; node = walker.nextNode()) {
          if (hidden(node) || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const text = range.getBoundingClientRect();
          if (text.width > 0 && (text.right > inner.right + 0.5 || text.left < inner.left - 0.5)) {
            spills = true;
          }
        }
      }
      // A child laid out past the element's right or left edge (text in an overflow:visible box).
      if (!spills) {
        for (const child of Array.from(element.querySelectorAll('*'))) {
          if (child.closest('.visually-hidden')) continue;
          const inner = child.getBoundingClientRect();
          if (inner.width === 0) continue;
          if (inner.right > box.right + 1 || inner.left < box.left - 1) {
            spills = true;
            break;
          }
        }
      }
      if (spills) {
        offenders.push({
          what: `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} "${(
            element.textContent ?? ''
          )
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 50)}"`,
          width: element.clientWidth,
          height: element.scrollWidth,
        });
      }
    }
    // The page itself wider than the screen (a row of boxes pushing one out, e.g. the QR tile).
    const main = document.getElementById('contenu');
    if (main && main.scrollWidth > main.clientWidth + 1) {
      offenders.push({
        what: 'main#contenu (wider than the screen)',
        width: main.clientWidth,
        height: main.scrollWidth,
      });
    }
    return offenders;
  }, TEXT_BOX_SELECTOR);
}

/** Fails with the list of tap targets under 44 × 44 px on the current screen. */
export async function expectTapTargets(page: Page, context: string) {
  const small = await smallTapTargets(page);
  expect(small, `${context}: tap targets under ${MIN_TAP_PX} × ${MIN_TAP_PX} px`).toEqual([]);
}

/** Fails with the list of boxes whose text runs out of them. */
export async function expectNoTextOverflow(page: Page, context: string) {
  const spilling = await overflowingText(page);
  expect(spilling, `${context}: text running out of its box`).toEqual([]);
}
