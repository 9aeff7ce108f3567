/**
 * The version of this kiosk build, fixed at build time (vite.config.ts `define`), reported to the
 * fleet view. Not the server's `appVersion` from /config.json: after a deployment a totem keeps
 * running its previous build until its service worker updates, and that is what the fleet must
 * show.
 */
declare const __KIOSK_APP_VERSION__: string | undefined;

/** "0.0.0-dev" where no build defined it (tests, the dev server without the define). */
export const KIOSK_APP_VERSION: string =
  typeof __KIOSK_APP_VERSION__ === 'string' && __KIOSK_APP_VERSION__
    ? __KIOSK_APP_VERSION__
    : '0.0.0-dev';
