/**
 * The kiosk's one way of reloading itself: always onto the root route, so that nobody finds a
 * totem left on a deep page by a reload (issue 41, item 1).
 *
 * Two things reload the page, and both come here:
 * - the end of the inactivity countdown (docs/product.md#states: "the page reloads to the root",
 *   features/idle/idle-timers.ts);
 * - the reload that teaches the page a new frame policy (app/frame-policy-reload.ts, decision 017).
 *   It used to reload the page it was on: a totem whose Veille reader opened on /accueil/hse came
 *   back on /accueil/hse with a fresh 600 s countdown, and when both fired on the same tick its
 *   `location.replace` of the deep page won over the countdown's return to the root.
 *
 * So the policy watcher only says a policy reload is wanted (`wantPolicy`), and every reload
 * carries `?policy=1` while it is: whichever of the two reloads comes first loads the root *and*
 * the network's page with its current policy, and the other one, if it comes in the same tick,
 * does nothing (the document is already on its way).
 */
import { POLICY_RELOAD_PARAM } from '../config/frame-policy';
import { STAFF_HOME_PATH } from '../ui-store/ui-store';

/** The root route of this document, with the policy parameter when a policy reload is wanted. */
export function rootAddress(href: string, policy: boolean): string {
  const url = new URL(href);
  if (policy) url.searchParams.set(POLICY_RELOAD_PARAM, '1');
  url.hash = `#${STAFF_HOME_PATH}`;
  return url.href;
}

export interface PageReloadTarget {
  location: Pick<Location, 'href' | 'reload'>;
  history: Pick<History, 'replaceState'>;
}

const browserTarget = (): PageReloadTarget => ({
  location: window.location,
  history: window.history,
});

/** An object, so tests can watch `toRoot` (vi.spyOn). */
export const pageReload = {
  /** A reload must ask the network for the page's current frame policy (decision 017). */
  policyWanted: false,
  /** This document is already reloading: a second request in the same tick adds nothing. */
  reloading: false,

  wantPolicy(): void {
    this.policyWanted = true;
  },

  /**
   * Reloads the document on the root route. The address is set first, then reloaded (the hash
   * alone would be an in-page navigation): one navigation, whatever asked for it.
   */
  toRoot(target: PageReloadTarget = browserTarget()): void {
    if (this.reloading) return;
    this.reloading = true;
    const address = rootAddress(target.location.href, this.policyWanted);
    target.history.replaceState(null, '', address);
    target.location.reload();
  },
};
