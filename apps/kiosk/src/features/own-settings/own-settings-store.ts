/**
 * This totem's own settings (issue 47, decision 038): its name, place and « Vous êtes ici » points,
 * as the server keeps them for it — not content, so no sync brings them. The totem reads them
 * (`kioskOwnSettings`) at start when online and again when a `profile` stream message names it, and
 * keeps the last answer in kiosk storage so that a totem started offline still shows its points.
 *
 * What is held is bound to the development and the totem it was read for: after a login elsewhere
 * (another development, a new id) the old answer is never shown.
 */
import type { KioskOwnSettings, PlanMark } from '@plant-kiosk/contract';
import { useMemo } from 'react';
import { create } from 'zustand';
import type { ApiClient } from '../../lib/api/api-client';
import { kioskStorage, storageKeys } from '../../lib/storage/kiosk-storage';

interface HeldSettings {
  devid: number;
  settings: KioskOwnSettings;
}

interface OwnSettingsState {
  /** The settings of the logged-in totem, or none (not read yet, never online, preview). */
  settings: KioskOwnSettings | null;
}

export const useOwnSettingsStore = create<OwnSettingsState>()(() => ({ settings: null }));

const isRelative = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value <= 1;

/** A held mark as the contract says, or null (storage edited by hand, an older format). */
function parseMark(value: unknown): PlanMark | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.elementid !== 'number' || typeof v.image !== 'string') return null;
  if (!isRelative(v.x) || !isRelative(v.y)) return null;
  return { elementid: v.elementid, x: v.x, y: v.y, image: v.image };
}

/** What storage holds for `devname`, if it is this development's and this totem's. */
export function readHeldSettings(
  devname: string,
  devid: number,
  kioskId: string,
): KioskOwnSettings | null {
  try {
    const text = kioskStorage().getItem(storageKeys.ownSettings(devname));
    if (!text) return null;
    const held = JSON.parse(text) as Partial<HeldSettings> | null;
    const settings = held?.settings;
    if (held?.devid !== devid || settings?.kioskId !== kioskId) return null;
    const textOf = (value: unknown) => (typeof value === 'string' ? value : null);
    const mmOf = (value: unknown) =>
      typeof value === 'number' && Number.isInteger(value) ? value : null;
    return {
      kioskId,
      name: textOf(settings.name),
      location: textOf(settings.location),
      screenBottomMm: mmOf(settings.screenBottomMm),
      screenTopMm: mmOf(settings.screenTopMm),
      marks: Array.isArray(settings.marks)
        ? settings.marks.map(parseMark).filter((mark): mark is PlanMark => mark !== null)
        : [],
    };
  } catch {
    return null;
  }
}

function hold(devname: string, devid: number, settings: KioskOwnSettings): void {
  try {
    const held: HeldSettings = { devid, settings };
    kioskStorage().setItem(storageKeys.ownSettings(devname), JSON.stringify(held));
  } catch {
    // Storage full or disabled: the settings still apply until the next reload.
  }
}

export interface OwnSettingsOptions {
  api: Pick<ApiClient, 'call'>;
  devid: number;
  devname: string;
  /** This totem's id, read at each use (the login may hand a new one). */
  kioskId: () => string;
}

export interface OwnSettings {
  /** Shows what storage holds for this totem (at start, before any network). */
  restore(): void;
  /** Reads the settings from the server; keeps what is held when that fails. Never rejects. */
  refresh(): Promise<void>;
  /** Forgets the shown settings (logout); what storage holds stays for this totem's next start. */
  stop(): void;
}

export function createOwnSettings(options: OwnSettingsOptions): OwnSettings {
  const { api, devid, devname } = options;
  let stopped = false;
  // Stopping (logout) cancels a read on its way: no timer or connection outlives the session.
  const abort = new AbortController();
  // Answers come back in the order asked; a slow older one must not overwrite a newer one.
  let asked = 0;
  return {
    restore() {
      useOwnSettingsStore.setState({
        settings: readHeldSettings(devname, devid, options.kioskId()),
      });
    },
    async refresh() {
      const ask = ++asked;
      // Asked in the same turn as a stop (a stream that opened as the session ended): nothing is
      // sent, so no request timer outlives the session.
      await Promise.resolve();
      if (stopped) return;
      try {
        const settings = await api.call(
          'kioskOwnSettings',
          { params: { devid } },
          { signal: abort.signal },
        );
        if (stopped || ask !== asked || settings.kioskId !== options.kioskId()) return;
        hold(devname, devid, settings);
        useOwnSettingsStore.setState({ settings });
      } catch (error) {
        if (stopped) return;
        // Offline, or a token bound to no totem yet (its next heartbeat binds it): keep what is
        // held; the next start or `profile` message asks again.
        console.warn('[own-settings] could not read this totem’s settings', error);
      }
    },
    stop() {
      stopped = true;
      abort.abort();
      useOwnSettingsStore.setState({ settings: null });
    },
  };
}

/**
 * Where this totem's screen sits above the floor (issue 52: the reach mode's line), both or
 * neither: the default mount until its profile says otherwise, and for a server from before them.
 */
export function useScreenHeights(): { screenBottomMm: number | null; screenTopMm: number | null } {
  const bottom = useOwnSettingsStore((state) => state.settings?.screenBottomMm ?? null);
  const top = useOwnSettingsStore((state) => state.settings?.screenTopMm ?? null);
  return useMemo(
    () =>
      bottom !== null && top !== null
        ? { screenBottomMm: bottom, screenTopMm: top }
        : { screenBottomMm: null, screenTopMm: null },
    [bottom, top],
  );
}

/** The totem's « Vous êtes ici » points by element id. */
export function usePlanMarks(): ReadonlyMap<number, PlanMark> {
  const marks = useOwnSettingsStore((state) => state.settings?.marks);
  return useMemo(() => new Map((marks ?? []).map((mark) => [mark.elementid, mark])), [marks]);
}
