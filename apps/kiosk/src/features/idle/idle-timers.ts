/**
 * The two inactivity mechanisms of docs/product.md#states, as hooks the frame mounts once.
 *
 * - Idle counter (staff pages): 500 one-second ticks, back to 500 on every page load and scroll;
 *   a tap on the clock sets it to 290. At 0 the fullscreen "Veille" reader opens.
 * - Inactivity countdown: 600 s, back to 600 on any interaction (pointer, key, wheel, touch). At 0,
 *   unless already at the first breadcrumb level, the page reloads to the root (docs/product.md#states), so no
 *   reader, popup or half-filled state survives for the next person. The shell is served by the
 *   service worker, so the reload works offline too (the e2e offline groups reload the same way).
 *
 * Each mechanism is ONE setInterval created when the frame mounts and cleared when it unmounts;
 * the intervals read the store and refs, so nothing re-creates a timer on render and nothing piles
 * up over days of uptime.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { pageReload } from '../../lib/page-reload/page-reload';
import { useUiStore } from '../../lib/ui-store/ui-store';

export const IDLE_TICK_MS = 1000;
export const INACTIVITY_TICK_MS = 1000;
export const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * The end of inactivity: a full reload on the root route (an object, so tests can watch it). The
 * same one the frame-policy reload uses, so both always land on the root (issue 41, item 1).
 */
export { pageReload };

/** Mount once in the frame. `enabled` is false on visitor pages (the counter is a staff feature). */
export function useIdleCounter(enabled: boolean) {
  const { pathname } = useLocation();
  const enabledRef = useRef(enabled);
  useEffect(() => {
    enabledRef.current = enabled;
  }, [enabled]);

  useEffect(() => {
    const id = setInterval(() => {
      if (enabledRef.current) useUiStore.getState().tickIdle();
    }, IDLE_TICK_MS);
    return () => clearInterval(id);
  }, []);

  // "Page load": every route change (and the first render) starts a full count again.
  useEffect(() => {
    useUiStore.getState().resetIdleCounter();
  }, [pathname]);

  useEffect(() => {
    // Scroll events do not bubble, but they do go through the capture phase of the document.
    const onScroll = () => useUiStore.getState().resetIdleCounter();
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, []);
}

/** Mount once in the frame. `atFirstLevel`: the current page is the root (nothing to return to). */
export function useInactivityCountdown(atFirstLevel: boolean) {
  const atFirstLevelRef = useRef(atFirstLevel);
  useEffect(() => {
    atFirstLevelRef.current = atFirstLevel;
  }, [atFirstLevel]);

  useEffect(() => {
    const onInteraction = () => useUiStore.getState().resetInactivity();
    for (const type of INTERACTION_EVENTS) {
      window.addEventListener(type, onInteraction, { capture: true, passive: true });
    }
    return () => {
      for (const type of INTERACTION_EVENTS) {
        window.removeEventListener(type, onInteraction, { capture: true });
      }
    };
  }, []);

  useEffect(() => {
    const id = setInterval(() => {
      const state = useUiStore.getState();
      // Already ran out: wait for someone to come (no repeated returns every second).
      if (state.inactivityRemaining === 0) return;
      if (state.tickInactivity() > 0) return;
      if (atFirstLevelRef.current) {
        state.closeFramePopups();
      } else {
        state.returnToRoot();
        pageReload.toRoot();
      }
    }, INACTIVITY_TICK_MS);
    return () => clearInterval(id);
  }, []);
}
