import { DEFAULT_SETTINGS, type DevelopmentSettings } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../features/emergency-alert/alert-store';
import { useConnectionStore } from '../features/network/network-monitor';
import { resetSettings, useSettingsStore } from '../lib/settings/settings-store';
import { initialUiState, useUiStore } from '../lib/ui-store/ui-store';
import { frameOriginsKey, startFramePolicyReload } from './frame-policy-reload';

const FORM = 'https://forms.plant.test/idees';
const publish = (patch: Partial<DevelopmentSettings>) =>
  useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, ...patch }, loaded: true });
const idle = () => useUiStore.setState({ idleReaderOpen: true });
const busy = () => useUiStore.setState({ idleReaderOpen: false, inactivityRemaining: 500 });

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
let target: EventTarget;
let stop: () => void = () => undefined;
const history = { state: null, replaceState: vi.fn() };

function start(href = 'http://totem.test/#/accueil') {
  stop = startFramePolicyReload({ navigate, target, location: { href }, history });
}

beforeEach(() => {
  resetSettings();
  useUiStore.setState(initialUiState());
  useAlertStore.setState({ active: null, ending: null });
  useConnectionStore.setState({ online: true });
  navigate = vi.fn<(url: string) => void>();
  target = new EventTarget();
  history.replaceState.mockClear();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  stop();
  stop = () => undefined;
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
    expect(navigate).not.toHaveBeenCalled(); // someone is using the kiosk
    idle();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('http://totem.test/?policy=1#/accueil');
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
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never reloads during an alert or its end screen, nor offline', () => {
    publish({});
    start();
    idle();
    useAlertStore.setState({ active: { alertid: 1 } as never });
    useConnectionStore.setState({ online: false });
    publish({ websiteUrl: FORM });
    expect(navigate).not.toHaveBeenCalled();
    useAlertStore.setState({ active: null, ending: { until: 0 } as never });
    expect(navigate).not.toHaveBeenCalled();
    useAlertStore.setState({ ending: null });
    expect(navigate).not.toHaveBeenCalled();
    useConnectionStore.setState({ online: true });
    expect(navigate).toHaveBeenCalledOnce();
  });

  it('reloads when the page policy refused a frame, but not twice in a row', () => {
    publish({ suggestionFormUrl: FORM });
    start();
    idle();
    const violation = Object.assign(new Event('securitypolicyviolation'), {
      violatedDirective: 'frame-src',
    });
    target.dispatchEvent(violation);
    expect(navigate).toHaveBeenCalledOnce();
    stop();

    // The page that reload brought: the parameter is cleaned away, and a new refusal is left to
    // the frame's message.
    navigate.mockClear();
    start('http://totem.test/?policy=1#/accueil');
    expect(history.replaceState).toHaveBeenCalledWith(null, '', 'http://totem.test/#/accueil');
    target.dispatchEvent(violation);
    expect(navigate).not.toHaveBeenCalled();
    busy();
  });
});
