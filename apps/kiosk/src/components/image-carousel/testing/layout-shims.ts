/**
 * Test-only shims for browser APIs that jsdom lacks (ResizeObserver, IntersectionObserver,
 * matchMedia) and a
 * way to give elements the layout sizes jsdom never computes. The observers are real enough to be
 * driven by a test: `resizeObservers` holds every instance so a test can fire its callback.
 */
import { vi } from 'vitest';

export class TestResizeObserver {
  readonly targets = new Set<Element>();
  constructor(readonly callback: ResizeObserverCallback) {
    resizeObservers.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Tells the observer that its targets changed size, as the browser would. */
  trigger() {
    const entries = [...this.targets].map((target) => ({ target }) as ResizeObserverEntry);
    if (entries.length) this.callback(entries, this as unknown as ResizeObserver);
  }
}
export const resizeObservers: TestResizeObserver[] = [];

class TestIntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  constructor(readonly callback: IntersectionObserverCallback) {}
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** No media query matches: the tests run as a plain screen with no breakpoints. */
function testMatchMedia(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

export function installObserverShims() {
  resizeObservers.length = 0;
  vi.stubGlobal('ResizeObserver', TestResizeObserver);
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  vi.stubGlobal('matchMedia', testMatchMedia);
}

type Box = { width: number; height: number; left?: number; top?: number };

/**
 * Gives every element matched by `sizeOf` an offset box (what embla and the zoom library read).
 * Returns a function that restores jsdom's zero sizes.
 */
export function installLayout(sizeOf: (element: HTMLElement) => Box | undefined) {
  const props = ['offsetWidth', 'offsetHeight', 'offsetLeft', 'offsetTop'] as const;
  const originals = props.map(
    (prop) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)] as const,
  );
  const read: Record<(typeof props)[number], (box: Box) => number> = {
    offsetWidth: (box) => box.width,
    offsetHeight: (box) => box.height,
    offsetLeft: (box) => box.left ?? 0,
    offsetTop: (box) => box.top ?? 0,
  };
  for (const prop of props) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        const box = sizeOf(this);
        return box ? read[prop](box) : 0;
      },
    });
  }
  return () => {
    for (const [prop, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
    }
  };
}
