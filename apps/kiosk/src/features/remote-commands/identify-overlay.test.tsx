import { KIOSK_IDENTIFY_SECONDS } from '@plant-kiosk/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { IdentifyOverlay } from './identify-overlay';
import { hideIdentification, showIdentification } from './identify-store';

const overlay = () => screen.queryByTestId('identify-overlay');

/**
 * A stylesheet's text. The kiosk's Vitest turns CSS imports (`?raw` too) into empty strings, so
 * the file is read from disk; `node:fs` is imported by name because the kiosk's types are the
 * browser's (the test runs in Node all the same).
 */
async function stylesheet(relative: string): Promise<string> {
  const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as {
    readFileSync(path: URL, encoding: 'utf8'): string;
  };
  return fs.readFileSync(new URL(relative, import.meta.url), 'utf8');
}

/** The z-index of a rule's block, as written in its stylesheet. */
function zIndexOf(css: string, selector: string): number {
  const start = css.indexOf(`${selector} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  const block = css.slice(start, css.indexOf('}', start));
  const match = /z-index:\s*(\d+)/.exec(block);
  expect(match).not.toBeNull();
  return Number(match![1]);
}

beforeEach(() => {
  vi.useFakeTimers();
  useUiStore.setState({ language: 'fr' });
});
afterEach(() => {
  act(() => hideIdentification());
  vi.useRealTimers();
});

describe('identify overlay', () => {
  it(`shows the name, place and id for ${KIOSK_IDENTIFY_SECONDS} s, then hides`, () => {
    render(<IdentifyOverlay />);
    expect(overlay()).toBeNull();
    act(() => showIdentification({ name: 'Totem hall', location: 'Hall B', kioskId: 'k-42' }));
    expect(overlay()!.textContent).toContain('Identification du totem');
    expect(screen.getByText('Totem hall')).toBeTruthy();
    expect(screen.getByText('Hall B')).toBeTruthy();
    expect(screen.getByText('k-42')).toBeTruthy();
    expect(overlay()!.getAttribute('role')).toBe('status');

    act(() => {
      vi.advanceTimersByTime(KIOSK_IDENTIFY_SECONDS * 1000 - 1);
    });
    expect(overlay()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(overlay()).toBeNull();
  });

  it('a second identification replaces the first and starts its time again', () => {
    render(<IdentifyOverlay />);
    act(() => showIdentification({ name: 'Un', location: null, kioskId: 'k-1' }));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    act(() => showIdentification({ name: 'Deux', location: null, kioskId: 'k-1' }));
    act(() => {
      vi.advanceTimersByTime(KIOSK_IDENTIFY_SECONDS * 1000 - 1);
    });
    expect(screen.getByText('Deux')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(overlay()).toBeNull();
  });

  it('says when the name or place is not set, in the kiosk’s language', () => {
    act(() => useUiStore.setState({ language: 'en' }));
    render(<IdentifyOverlay />);
    act(() => showIdentification({ name: null, location: '  ', kioskId: 'k-1' }));
    expect(overlay()!.getAttribute('lang')).toBe('en');
    expect(overlay()!.textContent).toContain('Kiosk identification');
    expect(screen.getByText('Unnamed kiosk')).toBeTruthy();
    expect(screen.getByText('No location set')).toBeTruthy();
    act(() => useUiStore.setState({ language: 'fr' }));
    expect(screen.getByText('Totem sans nom')).toBeTruthy();
    expect(screen.getByText('Emplacement non renseigné')).toBeTruthy();
  });

  it('sits below the emergency takeover (an alert is never masked), above popups', async () => {
    const overlayCss = await stylesheet('./identify-overlay.css');
    const takeoverCss = await stylesheet('../../../../../packages/ui/src/alert-takeover.css');
    const own = zIndexOf(overlayCss, '.identify-overlay');
    expect(own).toBeLessThan(zIndexOf(takeoverCss, '.alert-takeover'));
    // Above the kiosk's popups (popup.css: 1000) and the sync banner (900).
    expect(own).toBeGreaterThan(1000);
  });
});
