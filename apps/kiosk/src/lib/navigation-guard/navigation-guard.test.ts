import { afterEach, describe, expect, it } from 'vitest';
import { installNavigationGuard } from './navigation-guard';

function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.innerHTML = '<span>lien</span>';
  document.body.append(anchor);
  return anchor;
}

/** Clicks the link's inner span, as a finger would, and says whether navigation was allowed. */
function click(anchor: HTMLAnchorElement): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  anchor.querySelector('span')!.dispatchEvent(event);
  return !event.defaultPrevented;
}

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = '';
});

describe('navigation guard', () => {
  it('cancels links to another origin, lets the kiosk’s own routes through', () => {
    uninstall = installNavigationGuard();
    expect(click(link('https://www.example.org/ailleurs'))).toBe(false);
    expect(click(link('//evil.example/'))).toBe(false);
    expect(click(link('#/accueil/hse'))).toBe(true);
    expect(click(link('/media/images/plan.svg'))).toBe(true);
  });

  it('cancels downloads, even of the kiosk’s own files', () => {
    uninstall = installNavigationGuard();
    expect(click(link('/pdf/guide.pdf', { download: '' }))).toBe(false);
  });

  it('cancels a middle click (auxclick) on any link: it would open a new tab', () => {
    uninstall = installNavigationGuard();
    const aux = (anchor: HTMLAnchorElement) => {
      const event = new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 });
      anchor.querySelector('span')!.dispatchEvent(event);
      return !event.defaultPrevented;
    };
    expect(aux(link('https://www.example.org/ailleurs'))).toBe(false);
    expect(aux(link('#/accueil/hse'))).toBe(false);
  });

  it('cancels ctrl-, shift- and meta-clicks on links (new tab or window)', () => {
    uninstall = installNavigationGuard();
    for (const modifier of ['ctrlKey', 'shiftKey', 'metaKey'] as const) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, [modifier]: true });
      link('#/accueil/hse').querySelector('span')!.dispatchEvent(event);
      expect(event.defaultPrevented, modifier).toBe(true);
    }
  });

  it('makes window.open open nothing, and restores it when removed', () => {
    const original = window.open;
    uninstall = installNavigationGuard();
    expect(window.open('https://www.example.org/')).toBeNull();
    uninstall();
    uninstall = undefined;
    expect(window.open).toBe(original);
  });
});
