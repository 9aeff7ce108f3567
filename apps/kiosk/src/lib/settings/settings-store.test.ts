import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeKioskDb, openKioskDb, SETTINGS_ROW_ID, type KioskDb } from '../local-db/kiosk-db';
import { putSettings } from '../local-db/stored-settings';
import { initialUiState, useUiStore } from '../ui-store/ui-store';
import {
  currentSettings,
  resetSettings,
  useSettingsStore,
  watchStoredSettings,
} from './settings-store';

let counter = 0;
let devname: string;
let db: KioskDb;
let stop: () => void = () => undefined;

beforeEach(() => {
  devname = `settings-${++counter}`;
  db = openKioskDb(devname);
  resetSettings();
});

afterEach(async () => {
  stop();
  resetSettings();
  useUiStore.setState(initialUiState());
  await db.delete();
  closeKioskDb(devname);
});

/** Resolves once the store holds settings that satisfy `test`. */
function settled(test: (s: typeof DEFAULT_SETTINGS) => boolean) {
  return new Promise<void>((resolve) => {
    const check = () => {
      const state = useSettingsStore.getState();
      if (state.loaded && test(state.settings)) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = useSettingsStore.subscribe(check);
    check();
  });
}

describe('the settings in force', () => {
  it('are the spec defaults, with no address, on a totem that holds none', async () => {
    stop = watchStoredSettings(db);
    await settled(() => true);
    expect(currentSettings()).toEqual(DEFAULT_SETTINGS);
    expect(currentSettings().suggestionFormUrl).toBeNull();
  });

  it('follow the held row as a sync replaces it, without a reload', async () => {
    await db.settings.put({
      id: SETTINGS_ROW_ID,
      settings: { ...DEFAULT_SETTINGS, websiteUrl: 'https://www.plant.test/' },
    });
    stop = watchStoredSettings(db);
    await settled((s) => s.websiteUrl === 'https://www.plant.test/');

    await db.transaction('rw', db.settings, () =>
      putSettings(db, { ...DEFAULT_SETTINGS, idleCounterSeconds: 90, idleCounterResetSeconds: 60 }),
    );
    await settled((s) => s.idleCounterSeconds === 90);
    expect(currentSettings().websiteUrl).toBeNull();
  });

  it('drive the idle counter and the inactivity countdown at their next reset', async () => {
    stop = watchStoredSettings(db);
    await putSettings(db, {
      ...DEFAULT_SETTINGS,
      idleCounterSeconds: 120,
      idleCounterResetSeconds: 45,
      inactivitySeconds: 900,
      inactivityWarningSeconds: 60,
    });
    await settled((s) => s.idleCounterSeconds === 120);

    useUiStore.getState().setIdleCounter(3);
    useUiStore.getState().resetIdleCounter();
    expect(useUiStore.getState().idleCounter).toBe(120);
    useUiStore.getState().tickInactivity();
    useUiStore.getState().resetInactivity();
    expect(useUiStore.getState().inactivityRemaining).toBe(900);
  });
});
