/**
 * What the kiosk records by itself (issue 49), without the content team doing anything:
 * - `page_view` at every route change (the router tells `noteUsageRoute`);
 * - `tap` on a tile, link or button, named by a stable id — its `data-usage` attribute, the route
 *   its link leads to, its aria-label or its test id —, never by its text (the mode switcher's
 *   keypad digits have none of these: a code typed is never recorded);
 * - `language` when the visitor switches language, `parcours` when the mode is chosen;
 * - `alert_shown` when an alert's takeover was painted (its template);
 * - `document_open` and `page_read` as the page viewer and the PDF reader publish them
 *   (lib/usage-sink: components cannot import a feature);
 * - `idle_page` once per opening of the Veille reader — not per page it turns to: it turns a page
 *   every 5 s all night, some 17,000 events a day per totem that say nothing a person did;
 * - visits (usage-session.ts) from pointer and key events.
 *
 * Listeners are passive and capture-phase, on `window`; a tap is recorded before the page's own
 * handler runs, so its route is the page it happened on.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { useAlertStore } from '../emergency-alert';
import { subscribeUsage } from '../../lib/usage-sink/usage-sink';
import { isScreenIdle, isVisitorPage, useUiStore } from '../../lib/ui-store/ui-store';
import type { UsagePlace, UsageRecorder } from './usage-recorder';
import type { UsageSessions } from './usage-session';

/** What starts or feeds a visit: a touch (pointerdown covers fingers, pens and mice) or a key. */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** What the Veille reader shows: the pages of its zone. */
const IDLE_ZONE = IMAGE_ZONES.idle.fr;

/** How often a visit's silence is checked when the page frame's countdown is not running. */
export const USAGE_SESSION_CHECK_MS = 5000;

const ACTIONABLE =
  'a[href], button, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [data-usage]';

/**
 * The stable id of what was tapped: its `data-usage`, the route its link leads to, its aria-label
 * or its test id — null when it has none (nothing is recorded then). Never text a person typed:
 * fields and what is inside them are skipped.
 */
export function tapTarget(element: Element | null): string | null {
  const actionable = element?.closest(ACTIONABLE);
  if (!actionable) return null;
  if (actionable.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'))
    return null;
  const explicit = actionable.getAttribute('data-usage');
  if (explicit) return explicit;
  const href = actionable.getAttribute('href');
  if (href?.startsWith('#/')) return href.slice(1).split('?')[0] ?? null;
  if (href && /^https?:/i.test(href)) {
    try {
      const url = new URL(href);
      // Where it leads, without a query that could carry anything.
      return `${url.origin}${url.pathname}`;
    } catch {
      return null;
    }
  }
  return actionable.getAttribute('aria-label') || actionable.getAttribute('data-testid') || null;
}

let currentRoute = '/';
let routeListener: ((route: string) => void) | null = null;

/** The router's location changed (the logged-in kiosk calls this); a page view when tracking. */
export function noteUsageRoute(pathname: string): void {
  const route = pathname === '' ? '/' : pathname;
  if (route === currentRoute) return;
  currentRoute = route;
  routeListener?.(route);
}

/** Where the kiosk is now: the page, and the language it shows (staff pages: always French). */
export function currentUsagePlace(): UsagePlace {
  const { parcours, language } = useUiStore.getState();
  return {
    route: currentRoute,
    zone: null,
    language: isVisitorPage(currentRoute, parcours) ? language : 'fr',
  };
}

export interface UsageTrackingOptions {
  recorder: Pick<UsageRecorder, 'record'>;
  sessions: UsageSessions;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/** Starts listening; returns the function that stops everything it started. */
export function startUsageTracking(options: UsageTrackingOptions): () => void {
  const { recorder, sessions } = options;
  const target = options.target ?? window;
  const every = options.setInterval ?? ((run, ms) => setInterval(run, ms));
  const clear =
    options.clearInterval ?? ((id) => clearInterval(id as ReturnType<typeof setInterval>));

  const onInteraction = () => sessions.interaction();
  const onClick = (event: Event) => {
    const tapped = tapTarget(event.target instanceof Element ? event.target : null);
    if (tapped) recorder.record('tap', { target: tapped });
  };
  for (const type of INTERACTIONS) {
    target.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
  target.addEventListener('click', onClick, { capture: true, passive: true });

  // The page shown when tracking starts, then every change.
  recorder.record('page_view');
  routeListener = () => recorder.record('page_view');

  const stopDocuments = subscribeUsage((event) =>
    recorder.record(event.kind, {
      target: event.target,
      page: event.kind === 'page_read' ? event.page : null,
    }),
  );

  const stopUi = useUiStore.subscribe((state, previous) => {
    if (isScreenIdle(state) && !isScreenIdle(previous)) sessions.rest();
    // After the visit's end: the Veille reader is nobody's visit.
    if (state.idleReaderOpen && !previous.idleReaderOpen)
      recorder.record('idle_page', { target: IDLE_ZONE, zone: IDLE_ZONE });
    // A return to the root puts French back: not a visitor's choice.
    if (state.language !== previous.language && state.resetGeneration === previous.resetGeneration)
      recorder.record('language', { language: state.language, target: state.language });
    if (state.parcours !== previous.parcours || state.totem !== previous.totem)
      recorder.record('parcours', { target: state.parcours ?? state.totem ?? null });
  });
  const stopAlerts = useAlertStore.subscribe((state, previous) => {
    const shown = state.ack?.alertid;
    if (shown === undefined || shown === previous.ack?.alertid || !state.active) return;
    recorder.record('alert_shown', { target: String(state.active.templateid) });
  });
  const check = every(() => sessions.check(), USAGE_SESSION_CHECK_MS);

  return () => {
    for (const type of INTERACTIONS) {
      target.removeEventListener(type, onInteraction, { capture: true });
    }
    target.removeEventListener('click', onClick, { capture: true });
    routeListener = null;
    stopDocuments();
    stopUi();
    stopAlerts();
    clear(check);
  };
}
