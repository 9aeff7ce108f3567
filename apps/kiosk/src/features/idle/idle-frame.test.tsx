/**
 * The idle counter and the inactivity countdown as the frame runs them (fake timers for the
 * clock; the "Veille" pages come from the local database, as on a real totem).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState, TEST_CONFIG } from '../../app/testing/render-in-kiosk';
import { openKioskDb } from '../../lib/local-db/kiosk-db';
import {
  HOME_CRUMB,
  IDLE_COUNTER_CLOCK_TAP,
  IDLE_COUNTER_DEFAULT,
  INACTIVITY_SECONDS,
  useUiStore,
} from '../../lib/ui-store/ui-store';
import { AppFrame, usePageFrame } from '../layout';
import { pageReload } from './idle-timers';

function TestPage({ title }: { title: string }) {
  usePageFrame({ title });
  return <p>{title}</p>;
}

const routes = [
  {
    path: '/',
    element: <AppFrame />,
    children: [
      { path: 'accueil', element: <TestPage title="Page d'accueil" /> },
      { path: 'accueil/hse', element: <TestPage title="HSE" /> },
      { path: 'accueil/qualite', element: <TestPage title="Qualité" /> },
      { path: 'accueil/visiteur', element: <TestPage title="Visiteurs" /> },
      { path: 'accueil/visiteur/hse', element: <TestPage title="HSE visiteurs" /> },
    ],
  },
];

const ui = () => useUiStore.getState();
const seconds = (n: number) =>
  act(() => {
    vi.advanceTimersByTime(n * 1000);
  });
const warning = () => screen.queryByRole('dialog', { name: 'Êtes-vous toujours là ?' });

/** Lets IndexedDB (real setImmediate) and Dexie's live query (fake timers) answer. */
async function untilShown(text: string) {
  for (let i = 0; i < 100 && !screen.queryByText(text); i++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(5);
    });
  }
  expect(screen.getByText(text)).toBeTruthy();
}

function renderFrame(path: string) {
  return renderInKiosk(null, { routes, path });
}

describe('idle counter and inactivity countdown in the frame', () => {
  beforeAll(async () => {
    // The "Veille" zone with three pages, in the local database the reader reads.
    const db = openKioskDb(TEST_CONFIG.devname);
    await db.zones.put({
      zoneid: 90,
      zonename: 'Veille',
      devid: 1,
      type: 'images',
      checkList: false,
    });
    await db.elements.bulkPut(
      [1, 2, 3].map((order) => ({
        elementid: 900 + order,
        zoneid: 90,
        order,
        value: `media/images/veille-${order}.svg`,
        type: 'image' as const,
        addingdate: '2024-01-01T00:00:00.000Z',
      })),
    );
  });

  beforeEach(() => {
    resetShellState();
    // IndexedDB (fake-indexeddb) schedules with setImmediate: leave that one real.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => vi.useRealTimers());

  describe('idle counter', () => {
    it('starts at 500, counts seconds down, and is reset by a page load and by scrolling', () => {
      const { router } = renderFrame('/accueil/hse');
      expect(ui().idleCounter).toBe(IDLE_COUNTER_DEFAULT);
      seconds(100);
      expect(ui().idleCounter).toBe(400);

      fireEvent.scroll(screen.getByRole('main'));
      expect(ui().idleCounter).toBe(IDLE_COUNTER_DEFAULT);

      seconds(50);
      act(() => {
        void router.navigate('/accueil/qualite');
      });
      expect(ui().idleCounter).toBe(IDLE_COUNTER_DEFAULT);
    });

    it('a tap on the clock sets it to 290', () => {
      renderFrame('/accueil/hse');
      fireEvent.click(screen.getByTitle('Heure et date'));
      expect(ui().idleCounter).toBe(IDLE_COUNTER_CLOCK_TAP);
      seconds(289);
      expect(screen.queryByRole('dialog', { name: 'Veille' })).toBeNull();
      seconds(1);
      expect(screen.getByRole('dialog', { name: 'Veille' })).toBeTruthy();
    });

    it('opens the Veille reader at 0 with the zone pages; FERMER closes it and restarts the count', async () => {
      renderFrame('/accueil/hse');
      seconds(IDLE_COUNTER_DEFAULT);
      expect(screen.getByRole('dialog', { name: 'Veille' })).toBeTruthy();
      await untilShown('Page 1 / 3');
      expect(screen.getByRole('img', { name: 'Veille — 1' }).getAttribute('src')).toBe(
        'http://kiosk.test/media/images/veille-1.svg',
      );
      // The warning never covers the reader.
      expect(warning()).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'FERMER' }));
      expect(screen.queryByRole('dialog', { name: 'Veille' })).toBeNull();
      expect(ui().idleCounter).toBe(IDLE_COUNTER_DEFAULT);
    });

    it('a tap anywhere on the Veille reader closes it, its own buttons do not (totem-size screen fixes)', async () => {
      renderFrame('/accueil/hse');
      seconds(IDLE_COUNTER_DEFAULT);
      await untilShown('Page 1 / 3');
      fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
      expect(screen.getByText('Page 2 / 3')).toBeTruthy();
      fireEvent.click(screen.getByRole('img', { name: 'Veille — 2' }));
      expect(screen.queryByRole('dialog', { name: 'Veille' })).toBeNull();
      expect(ui().idleCounter).toBe(IDLE_COUNTER_DEFAULT);
    });

    it('does not run on visitor pages', () => {
      renderFrame('/accueil/visiteur/hse');
      seconds(IDLE_COUNTER_DEFAULT + 10);
      expect(ui().idleCounter).toBe(IDLE_COUNTER_DEFAULT);
      expect(screen.queryByRole('dialog', { name: 'Veille' })).toBeNull();
    });
  });

  describe('inactivity countdown', () => {
    it('warns staff below 300 s; the warning is dismissible and any interaction restarts at 600 s', () => {
      renderFrame('/accueil/hse');
      seconds(300);
      expect(ui().inactivityRemaining).toBe(300);
      expect(warning()).toBeNull();
      seconds(1);
      expect(warning()).toBeTruthy();
      expect(screen.getByText(/dans 299 secondes/)).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Je suis là' }));
      expect(warning()).toBeNull();
      expect(ui().inactivityRemaining).toBe(INACTIVITY_SECONDS);
      // (A scroll keeps the idle reader away, which would otherwise cover the warning.)
      fireEvent.scroll(screen.getByRole('main'));

      seconds(310);
      expect(warning()).toBeTruthy();
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(warning()).toBeNull();

      seconds(400);
      fireEvent.pointerDown(screen.getByRole('main'));
      expect(ui().inactivityRemaining).toBe(INACTIVITY_SECONDS);
    });

    it('speaks English to staff on an English visitor page, "Close" included (issue 41, item 7)', () => {
      useUiStore.setState({ language: 'en' });
      renderFrame('/accueil/visiteur/hse');
      seconds(301);
      const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Fermer' })).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).toBeNull();
    });

    it('never warns visitors', () => {
      localStorage.setItem('parcours', 'visiteur');
      resetShellState();
      renderFrame('/accueil/visiteur/hse');
      seconds(350);
      expect(ui().inactivityRemaining).toBe(250);
      expect(warning()).toBeNull();
    });

    it('at 0 reloads the page to the root (docs/product.md#states) and resets the breadcrumb', () => {
      const reload = vi.spyOn(pageReload, 'toRoot').mockImplementation(() => {});
      useUiStore.setState({ crumbs: [HOME_CRUMB, { label: 'HSE', path: '/accueil/hse' }] });
      renderFrame('/accueil/hse');
      seconds(INACTIVITY_SECONDS - 1);
      expect(reload).not.toHaveBeenCalled();
      seconds(1);
      // A reload, not an in-app navigation: no reader or popup can survive it (totem-size screen
      // fixes).
      expect(reload).toHaveBeenCalledTimes(1);
      expect(ui().crumbs).toEqual([HOME_CRUMB]);
      expect(warning()).toBeNull();
      // Nothing more happens while nobody comes.
      seconds(INACTIVITY_SECONDS);
      expect(reload).toHaveBeenCalledTimes(1);
      reload.mockRestore();
    });

    it('reloads to the hash root of the same document, once', () => {
      const location = { href: 'http://totem.test/kiosk/?a=1#/accueil/hse', reload: vi.fn() };
      const history = { replaceState: vi.fn() };
      pageReload.reloading = false;
      pageReload.policyWanted = false;
      pageReload.toRoot({ location, history });
      expect(history.replaceState).toHaveBeenCalledWith(
        null,
        '',
        'http://totem.test/kiosk/?a=1#/accueil',
      );
      expect(location.reload).toHaveBeenCalledTimes(1);
      // A second request in the same document (the frame-policy reload on the same tick): nothing.
      pageReload.toRoot({ location, history });
      expect(location.reload).toHaveBeenCalledTimes(1);
      pageReload.reloading = false;
    });

    it('a visitor deep in the visitor pages goes back to the root too', () => {
      const reload = vi.spyOn(pageReload, 'toRoot').mockImplementation(() => {});
      localStorage.setItem('parcours', 'visiteur');
      resetShellState();
      renderFrame('/accueil/visiteur/hse');
      seconds(INACTIVITY_SECONDS);
      expect(reload).toHaveBeenCalledTimes(1);
      reload.mockRestore();
    });

    it('does nothing (and shows no warning) at the first breadcrumb level', () => {
      const reload = vi.spyOn(pageReload, 'toRoot').mockImplementation(() => {});
      const { router } = renderFrame('/accueil');
      seconds(350);
      expect(warning()).toBeNull();
      seconds(INACTIVITY_SECONDS);
      expect(ui().inactivityRemaining).toBe(0);
      expect(router.state.location.pathname).toBe('/accueil');
      expect(reload).not.toHaveBeenCalled();
      reload.mockRestore();
    });

    it('uses one interval per mechanism, and leaves no timer behind', () => {
      const before = vi.getTimerCount();
      const { unmount, router } = renderFrame('/accueil/hse');
      const running = vi.getTimerCount() - before;
      for (let i = 0; i < 5; i++) {
        act(() => {
          void router.navigate(i % 2 ? '/accueil/hse' : '/accueil/qualite');
        });
        seconds(3);
      }
      expect(vi.getTimerCount() - before).toBe(running);
      unmount();
      router.dispose();
      expect(vi.getTimerCount()).toBe(before);
    });
  });
});
