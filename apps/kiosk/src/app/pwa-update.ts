/**
 * New versions of the kiosk, applied without ever interrupting someone.
 *
 * The kiosk never navigates by itself (hash routes, no full page loads), so the browser would
 * only look for a new service worker at the next reload — which may never come. We therefore ask
 * the registration to `update()` every 30 minutes, and when a new version is waiting we apply it
 * (skip waiting + reload) only once the screen is idle: the "Veille" reader is showing, or the
 * inactivity countdown has run out (the kiosk is then back at its root). A person using the kiosk
 * never sees it reload under their finger.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { isScreenIdle, useUiStore } from '../lib/ui-store/ui-store';

export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export interface PwaUpdateOptions {
  checkEveryMs?: number;
  isIdle?: () => boolean;
  /** Calls the listener on every change that may make the screen idle; returns the unsubscribe. */
  subscribeIdle?: (listener: () => void) => () => void;
}

/** Registers the service worker and the idle-time update policy; returns a stop function. */
export function startPwaUpdates(registerSW: RegisterSW, options: PwaUpdateOptions = {}) {
  const checkEveryMs = options.checkEveryMs ?? UPDATE_CHECK_INTERVAL_MS;
  const isIdle = options.isIdle ?? (() => isScreenIdle(useUiStore.getState()));
  const subscribeIdle =
    options.subscribeIdle ?? ((listener: () => void) => useUiStore.subscribe(listener));

  let updatePending = false;
  let applying = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let updateSW: ((reloadPage?: boolean) => Promise<void>) | null = null;

  const applyIfIdle = () => {
    if (!updatePending || applying || !updateSW || !isIdle()) return;
    applying = true;
    console.info('[pwa] applying the new version while the kiosk is idle');
    updateSW(true).catch((error: unknown) => {
      applying = false;
      console.error('[pwa] could not apply the new version', error);
    });
  };

  const unsubscribe = subscribeIdle(applyIfIdle);

  updateSW = registerSW({
    onNeedRefresh() {
      updatePending = true;
      applyIfIdle();
    },
    onRegisteredSW(_url, registration) {
      if (!registration || timer !== null) return;
      timer = setInterval(() => {
        // Offline the check would only fail; it runs again in 30 minutes.
        if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
        registration.update().catch((error: unknown) => {
          console.warn('[pwa] update check failed', error);
        });
      }, checkEveryMs);
    },
    onRegisterError(error: unknown) {
      console.error('[pwa] service worker registration failed', error);
    },
  });

  return () => {
    unsubscribe();
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
}
