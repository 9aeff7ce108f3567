/**
 * The plant's time zone in the back-office (issue 45): every time a screen shows or asks is a
 * wall-clock time of the development's plant (its `timeZone` setting), never the browser's — a
 * Paris plant looked at from a London laptop shows Paris times.
 *
 * The zone comes from the development's settings (as « Réglages » shows them, the draft's: the
 * same source as the publish dialog). One request per development however many rows of a screen
 * ask, kept only while a mounted component uses it: a screen opened again reads it afresh, and a
 * draft write (a settings save among them) reads it again at once.
 *
 * Until the settings answer, and when they cannot be read (a development the user may not open,
 * a server error), the zone is Europe/Paris, the default every development starts with; `known`
 * tells a form to wait for the real zone before it fills its fields.
 */
import { DEFAULT_SETTINGS, isPlantTimeZone } from '@plant-kiosk/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import { call, errorMessage } from './api/client';
import { useDraftChanged } from './draft-events';

/** The zone when the development's is not known (yet): the settings' default, Paris. */
export const FALLBACK_PLANT_ZONE: string = DEFAULT_SETTINGS.timeZone;

interface Entry {
  zone: string | null;
  error: string | null;
  loading: boolean;
  /** Mounted components using it: at 0 the entry is dropped, so a later screen reads afresh. */
  users: number;
  /** Bumped by each request: an answer overtaken by a newer request is ignored. */
  generation: number;
}

const entries = new Map<number, Entry>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => version;

function request(devid: number, entry: Entry): void {
  entry.generation += 1;
  const generation = entry.generation;
  entry.loading = true;
  call('adminSettings', { params: { devid } })
    .then(
      (answer) => {
        if (entry.generation !== generation) return;
        // Read with care: an answer without settings (an older server) means the default zone.
        const zone: unknown = (answer as Partial<typeof answer> | undefined)?.settings?.timeZone;
        entry.zone = isPlantTimeZone(zone) ? zone : FALLBACK_PLANT_ZONE;
        entry.error = null;
      },
      (failure: unknown) => {
        if (entry.generation !== generation) return;
        entry.error = errorMessage(failure);
      },
    )
    .finally(() => {
      if (entry.generation !== generation) return;
      entry.loading = false;
      changed();
    });
}

function retain(devid: number): () => void {
  let entry = entries.get(devid);
  if (!entry) {
    entry = { zone: null, error: null, loading: false, users: 0, generation: 0 };
    entries.set(devid, entry);
    request(devid, entry);
  }
  const held = entry;
  held.users += 1;
  return () => {
    held.users -= 1;
    if (held.users === 0 && entries.get(devid) === held) entries.delete(devid);
  };
}

/** Several screens' parts ask at once after one draft write: one request per development. */
const refreshDue = new Set<number>();

function refresh(devid: number): void {
  if (refreshDue.has(devid)) return;
  refreshDue.add(devid);
  queueMicrotask(() => {
    refreshDue.delete(devid);
    const entry = entries.get(devid);
    if (entry) request(devid, entry);
  });
}

const validDevid = (devid: number | null | undefined): devid is number =>
  typeof devid === 'number' && Number.isInteger(devid) && devid > 0;

/** Loads and keeps the zones of `devids` while the calling component is mounted. */
function useRetained(devids: readonly number[]): void {
  const key = [...new Set(devids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return undefined;
    const releases = key.split(',').map((devid) => retain(Number(devid)));
    return () => releases.forEach((release) => release());
  }, [key]);
  const onDraftChanged = useCallback(() => {
    if (key) for (const devid of key.split(',')) refresh(Number(devid));
  }, [key]);
  useDraftChanged(onDraftChanged);
  useSyncExternalStore(subscribe, snapshot);
}

export interface PlantZone {
  /** The IANA zone to show and read times in: the development's, else Europe/Paris. */
  timeZone: string;
  /** Whether the development's settings answered (or there is no development to ask about). */
  known: boolean;
  /** Why the settings could not be read (the zone is then Europe/Paris). */
  error: string | null;
  reload: () => void;
}

/** The zone of one development (null: none chosen — Europe/Paris). */
export function usePlantZone(devid: number | null | undefined): PlantZone {
  const id = validDevid(devid) ? devid : null;
  useRetained(id === null ? [] : [id]);
  const entry = id === null ? undefined : entries.get(id);
  const reload = useCallback(() => {
    if (id === null) return;
    const current = entries.get(id);
    if (current) {
      request(id, current);
      changed();
    }
  }, [id]);
  if (id === null) return { timeZone: FALLBACK_PLANT_ZONE, known: true, error: null, reload };
  const answered = entry !== undefined && entry.generation > 0 && !entry.loading;
  return {
    timeZone: entry?.zone ?? FALLBACK_PLANT_ZONE,
    // A new read after a draft write keeps the zone it had: the forms do not blink.
    known: entry?.zone != null || (answered && entry.error !== null),
    error: entry?.error ?? null,
    reload,
  };
}

/** The zone of the development in the screen's path (`/contenu/:devid/…`), else Europe/Paris. */
export function useRoutePlantZone(): PlantZone {
  const { devid } = useParams();
  return usePlantZone(devid === undefined ? null : Number(devid));
}

/**
 * For a list spanning several developments (the journal, the fleet, the developments): each row's
 * time in its own development's zone, Europe/Paris for a row with no development or whose
 * settings cannot be read.
 */
export function usePlantZones(
  devids: readonly (number | null | undefined)[],
): (devid: number | null | undefined) => string {
  useRetained(devids.filter(validDevid));
  // A new function each render: the rows read the zones answered since.
  return (devid) => (validDevid(devid) ? entries.get(devid)?.zone : null) ?? FALLBACK_PLANT_ZONE;
}
