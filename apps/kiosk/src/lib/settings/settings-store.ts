/**
 * The development's settings the running kiosk applies (published settings, decision 017): the
 * frame addresses and the docs/product.md#constants timings a plant tunes in the back-office. The source of truth is
 * the local database's settings row (lib/local-db/stored-settings.ts), written by the sync with the
 * revision it came with; the kiosk's services mirror it here (`watchStoredSettings`) so that the
 * timers and the frames, which are not all React components, read the current values at each use
 * and a newly published revision applies without a reload.
 *
 * Until the row is read — and on a totem that never synced — the values are the spec's defaults,
 * with no address: a frame then says "not configured", it never shows an invented address.
 */
import { DEFAULT_SETTINGS, type DevelopmentSettings } from '@plant-kiosk/contract';
import { liveQuery } from 'dexie';
import { create } from 'zustand';
import type { KioskDb } from '../local-db/kiosk-db';
import { readSettings } from '../local-db/stored-settings';

export interface SettingsState {
  settings: DevelopmentSettings;
  /** True once the local row (or its absence) has been read. */
  loaded: boolean;
}

export const useSettingsStore = create<SettingsState>()(() => ({
  settings: DEFAULT_SETTINGS,
  loaded: false,
}));

/** The settings in force now, for code outside React (timers, the network monitor). */
export function currentSettings(): DevelopmentSettings {
  return useSettingsStore.getState().settings;
}

/** Back to the defaults (a logout; tests). */
export function resetSettings(): void {
  useSettingsStore.setState({ settings: DEFAULT_SETTINGS, loaded: false });
}

/**
 * Mirrors the database's settings into the store, now and after every write that changes them;
 * returns the function that stops it. A failed read keeps the values in force (logged).
 */
export function watchStoredSettings(db: KioskDb): () => void {
  const subscription = liveQuery(() => readSettings(db)).subscribe({
    next: (settings) => useSettingsStore.setState({ settings, loaded: true }),
    error: (error: unknown) => console.error('[settings] could not read the held settings', error),
  });
  return () => subscription.unsubscribe();
}
