/**
 * A reload that teaches the page a new frame address (published settings, decision 017).
 *
 * The page's Content-Security-Policy (`frame-src`) comes with the document, and the server builds
 * it from the frame addresses published at that moment: a suggestion form or web site address
 * published later is refused in the frame until the page loads again. So the kiosk reloads itself
 * when
 * - the settings it holds change a frame address's origin after this page loaded, or
 * - the policy refused one of its frames (a `securitypolicyviolation` on `frame-src`: the page came
 *   from the service worker's copy of index.html, whose policy is as old as the installed build),
 * and only at a quiet moment: the screen idle (the "Veille" reader, or the inactivity countdown run
 * out, as for a new version: pwa-update.ts), no emergency alert on screen or ending, and online —
 * the reload asks the network for the page (`?policy=1`, which the service worker answers
 * network-first, falling back to its copy: sw.ts), so offline it would gain nothing.
 *
 * The reload loads the root route, never the page it was on (issue 41, item 1): a quiet moment is a
 * moment nobody uses the totem, and the inactivity return goes to the root too. Both go through
 * lib/page-reload, which adds `?policy=1` to whichever reload comes first once one is wanted, so
 * the two cannot race each other onto different addresses.
 *
 * A page that was itself such a reload does not reload again for a refused frame: the server's
 * policy does not allow that address (an operator's choice, or a site refusing to be framed), and
 * the frame shows its message instead of the kiosk reloading at every quiet moment.
 */
import { isScreenIdle, useUiStore } from '../lib/ui-store/ui-store';
import { useSettingsStore } from '../lib/settings/settings-store';
import { useConnectionStore } from '../features/network/network-monitor';
import { useAlertStore } from '../features/emergency-alert/alert-store';
import { POLICY_RELOAD_PARAM } from '../lib/config/frame-policy';
import { pageReload, type PageReloadTarget } from '../lib/page-reload/page-reload';
import { settingsUrlOrigin, type DevelopmentSettings } from '@plant-kiosk/contract';

/** The origins a page's policy must allow for these settings' frames, as one comparable key. */
export function frameOriginsKey(settings: DevelopmentSettings): string {
  // The contract's rule (the one the server's frame-src list uses), so both agree on an origin.
  const origins = new Set<string>();
  for (const url of [settings.suggestionFormUrl, settings.websiteUrl]) {
    const origin = settingsUrlOrigin(url);
    if (origin !== null) origins.add(origin);
  }
  return [...origins].sort().join(' ');
}

export interface FramePolicyReloadOptions {
  location?: PageReloadTarget['location'];
  history?: PageReloadTarget['history'] & Pick<History, 'state'>;
  target?: Pick<Document, 'addEventListener' | 'removeEventListener'>;
}

/** Starts watching; returns the function that stops it. */
export function startFramePolicyReload(options: FramePolicyReloadOptions = {}): () => void {
  const location = options.location ?? window.location;
  const history = options.history ?? window.history;
  const target = options.target ?? document;

  const here = new URL(location.href);
  const cameFromPolicyReload = here.searchParams.has(POLICY_RELOAD_PARAM);
  if (cameFromPolicyReload) {
    // The address a technician sees stays the kiosk's own.
    here.searchParams.delete(POLICY_RELOAD_PARAM);
    history.replaceState(history.state, '', here.href);
  }

  let baseline: string | null = null;
  let pending: string | null = null;
  let reloading = false;

  const quiet = () =>
    isScreenIdle(useUiStore.getState()) &&
    useAlertStore.getState().active === null &&
    useAlertStore.getState().ending === null &&
    useConnectionStore.getState().online;

  const want = (reason: string) => {
    if (pending !== null) return;
    pending = reason;
    // From now on any reload (the inactivity return included) asks for the current policy.
    pageReload.wantPolicy();
  };

  const applyIfQuiet = () => {
    if (pending === null || reloading || !quiet()) return;
    reloading = true;
    console.info(`[frames] reloading on the root for the page's frame policy (${pending})`);
    pageReload.toRoot({ location, history });
  };

  const onSettings = () => {
    const { settings, loaded } = useSettingsStore.getState();
    if (!loaded) return;
    const key = frameOriginsKey(settings);
    // The first settings this page reads are the ones its policy was served with (or older).
    if (baseline === null) baseline = key;
    else if (key !== baseline) want('a published frame address changed');
    applyIfQuiet();
  };

  const onViolation = (event: Event) => {
    const directive = (event as SecurityPolicyViolationEvent).violatedDirective ?? '';
    if (!directive.startsWith('frame-src') || cameFromPolicyReload) return;
    want('a frame was refused by the page policy');
    applyIfQuiet();
  };

  const unsubscribes = [
    useSettingsStore.subscribe(onSettings),
    useUiStore.subscribe(applyIfQuiet),
    useAlertStore.subscribe(applyIfQuiet),
    useConnectionStore.subscribe(applyIfQuiet),
  ];
  target.addEventListener('securitypolicyviolation', onViolation);
  onSettings();

  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    target.removeEventListener('securitypolicyviolation', onViolation);
  };
}
