/**
 * What the sync engine remembers between runs, per development, in localStorage
 * `kiosk-sync-{devname}` — deliberately not a fifth IndexedDB store, since the spec fixes the
 * database at four. The ETag is only trusted together with the record counts it was written
 * with: if the database was cleared behind our back (storage eviction, a technician), the counts
 * no longer match and the next sync fetches everything instead of getting a 304 for an empty kiosk.
 */

import { kioskStorage } from '../storage/kiosk-storage';

export interface RecordCounts {
  zones: number;
  elements: number;
  subelements: number;
  subgroups: number;
}

export interface SyncMeta {
  /** Development the stored ETag belongs to. */
  devid: number | null;
  etag: string | null;
  contentVersion: number | null;
  counts: RecordCounts | null;
  /**
   * Key of the records whose media were all cached by the last media phase: their ETag, or
   * `revision:N` when there is none (after a delta, delta sync: `recordsKey`). Null: not complete.
   */
  mediaCompleteKey: string | null;
  /** How many entries the media cache held right after that phase. */
  mediaCount: number | null;
  lastSuccessAt: string | null;
  lastError: string | null;
}

export const syncMetaKey = (devname: string) => `kiosk-sync-${devname}`;

export const EMPTY_SYNC_META: SyncMeta = {
  devid: null,
  etag: null,
  contentVersion: null,
  counts: null,
  mediaCompleteKey: null,
  mediaCount: null,
  lastSuccessAt: null,
  lastError: null,
};

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const numberOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function parseCounts(value: unknown): RecordCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const zones = numberOrNull(v.zones);
  const elements = numberOrNull(v.elements);
  const subelements = numberOrNull(v.subelements);
  const subgroups = numberOrNull(v.subgroups);
  if (zones === null || elements === null || subelements === null || subgroups === null)
    return null;
  return { zones, elements, subelements, subgroups };
}

export function readSyncMeta(devname: string): SyncMeta {
  try {
    const text = kioskStorage().getItem(syncMetaKey(devname));
    if (text === null) return { ...EMPTY_SYNC_META };
    const v = JSON.parse(text) as Record<string, unknown>;
    return {
      devid: numberOrNull(v.devid),
      etag: stringOrNull(v.etag),
      contentVersion: numberOrNull(v.contentVersion),
      counts: parseCounts(v.counts),
      // A key stored under the name used before delta sync is ignored: one full media pass.
      mediaCompleteKey: stringOrNull(v.mediaCompleteKey),
      mediaCount: numberOrNull(v.mediaCount),
      lastSuccessAt: stringOrNull(v.lastSuccessAt),
      lastError: stringOrNull(v.lastError),
    };
  } catch {
    return { ...EMPTY_SYNC_META };
  }
}

/**
 * What identifies the records held, for the media bookkeeping: the snapshot's ETag, or the
 * revision when there is no ETag (after a delta); null when neither is known (a crawl).
 */
export function recordsKey(etag: string | null, contentVersion: number | null): string | null {
  if (etag !== null) return etag;
  return contentVersion === null ? null : `revision:${contentVersion}`;
}

export function writeSyncMeta(devname: string, meta: SyncMeta): void {
  try {
    kioskStorage().setItem(syncMetaKey(devname), JSON.stringify(meta));
  } catch (error) {
    // Losing the metadata only costs a full download next time; never fail a sync for it.
    console.error('[sync] could not store the sync metadata', error);
  }
}

export function updateSyncMeta(devname: string, patch: Partial<SyncMeta>): SyncMeta {
  const next = { ...readSyncMeta(devname), ...patch };
  writeSyncMeta(devname, next);
  return next;
}
