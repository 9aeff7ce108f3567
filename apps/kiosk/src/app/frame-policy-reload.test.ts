import { DEFAULT_SETTINGS, type DevelopmentSettings } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../features/emergency-alert/alert-store';
import { useConnectionStore } from '../features/network/network-monitor';
import { pageReload } from '../lib/page-reload/page-reload';
import { resetSettings, useSettingsStore } from '../lib/settings/settings-store';
import { initialUiState, useUiStore } from '../lib/ui-store/ui-store';
import { frameOriginsKey, startFramePolicyReload } from './frame-policy-reload';

const FORM = 'https://forms.plant.test/idees';
const publish = (patch: Partial<DevelopmentSettings>) =>
  useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, ...patch }, loaded: true });
const idle = () => useUiStore.setState({ idleReaderOpen: true });
const busy = () => useUiStore.setState({ idleReaderOpen: false, inactivityRemaining: 500 });

let target: EventTarget;
let stop: () => void = () => undefined;
/** The page's address and the addresses it reloaded at, as the browser would see them. */
let reloads: string[] = [];
const location = { href: '', reload: vi.fn(() => void reloads.push(location.href)) };
const history = {
  state: null,
  replaceState: vi.fn((_state: unknown, _title: string, url?: string | URL | null) => {
    if (url) location.href = new URL(String(url), location.href).href;
  }),
};

function start(href = 'http://totem.test/#/accueil') {
  location.href = href;
  stop = startFramePolicyReload({ target, location, history });
}

beforeEach(() => {
  resetSettings();
  useUiStore.setState(initialUiState());
  useAlertStore.setState({ active: null, ending: null });
  useConnectionStore.setState({ online: true });
  pageReload.policyWanted = false;
  pageReload.reloading = false;
  reloads = [];
  target = new EventTarget();
  history.replaceState.mockClear();
  location.reload.mockClear();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  stop();
  stop = () => undefined;
  pageReload.policyWanted = false;
  pageReload.reloading = false;
  vi.restoreAllMocks();
});

describe('the reload for a new frame address', () => {
  it('keys settings by their frames’ origins only', () => {
    expect(frameOriginsKey(DEFAULT_SETTINGS)).toBe('');
    expect(
      frameOriginsKey({ ...DEFAULT_SETTINGS, suggestionFormUrl: `${FORM}?a=1`, websiteUrl: FORM }),
    ).toBe('https://forms.plant.test');
  });

  it('waits for a quiet moment, then asks the network for the page', () => {
    publish({});
    start();
    publish({ suggestionFormUrl: FORM });
    expect(reloads).toEqual([]); // someone is using the kiosk
    idle();
    expect(reloads).toEqual(['http://totem.test/?policy=1#/accueil']);
  });

  it('loads the root, not the deep page the Veille reader opened on (issue 41, item 1)', () => {
    publish({});
    start('http://totem.test/#/accueil/hse');
    publish({ suggestionFormUrl: FORM });
    idle();
    expect(reloads).toEqual(['http://totem.test/?policy=1#/accueil']);
  });

  it('and the inactivity return on the same tick goes to that same root, once', () => {
    publish({});
    start('http://totem.test/#/accueil/hse');
    // The policy refused the frame on /accueil/formulaire; the person then went to /accueil/hse.
    target.dispatchEvent(
      Object.assign(new Event('securitypolicyviolation'), { violatedDirective: 'frame-src' }),
    );
    expect(reloads).toEqual([]);
    // The countdown runs out (idle-timers.ts): the store reaches 0 — the policy reload's quiet
    // moment — then the countdown's own return to the root, in the same tick.
    useUiStore.setState({ inactivityRemaining: 1 });
    useUiStore.getState().tickInactivity();
    useUiStore.getState().returnToRoot();
    pageReload.toRoot({ location, history });
    expect(reloads).toEqual(['http://totem.test/?policy=1#/accueil']);
  });

  it('makes the inactivity return ask for the policy once a policy reload is wanted', () => {
    publish({});
    useConnectionStore.setState({ online: false }); // not quiet: the watcher itself waits
    start('http://totem.test/#/accueil/qualite');
    publish({ websiteUrl: FORM });
    expect(reloads).toEqual([]);
    pageReload.toRoot({ location, history });
    expect(reloads).toEqual(['http://totem.test/?policy=1#/accueil']);
  });

  it('does not reload for a change of path on the same site, nor for the timings', () => {
    publish({ suggestionFormUrl: FORM });
    start();
    idle();
    publish({
      suggestionFormUrl: `${FORM}/v2`,
      idleCounterSeconds: 100,
      idleCounterResetSeconds: 50,
    });
    expect(reloads).toEqual([]);
    expect(pageReload.policyWanted).toBe(false);
  });

  it('never reloads during an alert or its end screen, nor offline', () => {
    publish({});
    start();
    idle();
    useAlertStore.setState({ active: { alertid: 1 } as never });
    useConnectionStore.setState({ online: false });
    publish({ websiteUrl: FORM });
    expect(reloads).toEqual([]);
    useAlertStore.setState({ active: null, ending: { until: 0 } as never });
    expect(reloads).toEqual([]);
    useAlertStore.setState({ ending: null });
    expect(reloads).toEqual([]);
    useConnectionStore.setState({ online: true });
    expect(reloads).toHaveLength(1);
  });

  it('reloads when the page policy refused a frame, but not twice in a row', () => {
    publish({ suggestionFormUrl: FORM });
    start();
    idle();
    const violation = Object.assign(new Event('securitypolicyviolation'), {
      violatedDirective: 'frame-src',
    });
    target.dispatchEvent(violation);
    expect(reloads).toHaveLength(1);
    stop();

    // The page that reload brought: the parameter is cleaned away, and a new refusal is left to
    // the frame's message.
    pageReload.policyWanted = false;
    pageReload.reloading = false;
    reloads = [];
    history.replaceState.mockClear();
    start('http://totem.test/?policy=1#/accueil');
    expect(history.replaceState).toHaveBeenCalledWith(null, '', 'http://totem.test/#/accueil');
    target.dispatchEvent(violation);
    expect(reloads).toEqual([]);
    busy();
  });
});
