/**
 * What the status banner and the rest of the UI know about synchronisation. The sync engine is the
 * only writer; it reports through the actions below.
 *
 * Content-first sync: `status` is about the content (records) — 'success' as soon as the new
 * revision is written — and `media` about the files after it: until `media.phase` is 'complete' the
 * totem shows the new content but does not hold all of it offline.
 */
import { create } from 'zustand';

export type SyncStatus = 'idle' | 'pending' | 'success' | 'error';

export interface SyncProgress {
  done: number;
  total: number;
  phase: 'records' | 'media';
}

/** The media step after a run's records: downloading, every file cached, or some missing. */
export interface MediaStatus {
  phase: 'downloading' | 'complete' | 'incomplete';
  /** Entries the media cache holds of the `total` it should hold. */
  cached: number;
  total: number;
  /** Files given up in this step (missing until a later run fetches them). */
  failed: number;
}

export interface SyncState {
  status: SyncStatus;
  progress: SyncProgress | null;
  /** The media step of the latest run; null before its records are written (or when stopped). */
  media: MediaStatus | null;
  /** ISO date of the last successful sync (records written: the content is the server's). */
  lastSuccessAt: string | null;
  /** Short human-readable reason of the last failure; null after a success. */
  lastError: string | null;
  /** The content version the local database holds, when the server told it. */
  contentVersion: number | null;
  /** Increments at each finished sync, so a success banner can be told apart from the previous one. */
  runCount: number;
  /**
   * The server refused this totem's token (revoked or expired) at the last sync. The kiosk keeps
   * its content and says so discreetly, rather than logging out to a blank login page; a new
   * login is needed. Cleared by the next successful sync.
   */
  needsReauth: boolean;
}

export interface SyncActions {
  /** Loads what the previous runs left (called when an engine is created). */
  hydrate(values: Pick<SyncState, 'lastSuccessAt' | 'lastError' | 'contentVersion'>): void;
  started(): void;
  progressed(progress: SyncProgress): void;
  succeeded(values: { at: string; contentVersion: number | null }): void;
  failed(values: { error: string; contentVersion: number | null; needsReauth?: boolean }): void;
  /** The media step's progress and end; `error` (an incomplete step) becomes the last error. */
  mediaReported(media: MediaStatus, error?: string): void;
  /** The run was stopped on purpose (services stopping): nothing to report, back to idle. */
  cancelled(): void;
  reset(): void;
}

const INITIAL: SyncState = {
  status: 'idle',
  progress: null,
  media: null,
  lastSuccessAt: null,
  lastError: null,
  contentVersion: null,
  runCount: 0,
  needsReauth: false,
};

export const useSyncStore = create<SyncState & SyncActions>()((set) => ({
  ...INITIAL,
  hydrate: (values) => set(values),
  started: () => set({ status: 'pending', progress: null, media: null }),
  progressed: (progress) => set({ progress }),
  succeeded: ({ at, contentVersion }) =>
    set((state) => ({
      status: 'success',
      progress: null,
      lastSuccessAt: at,
      lastError: null,
      contentVersion,
      runCount: state.runCount + 1,
      needsReauth: false,
    })),
  failed: ({ error, contentVersion, needsReauth = false }) =>
    set((state) => ({
      status: 'error',
      progress: null,
      lastError: error,
      contentVersion,
      runCount: state.runCount + 1,
      needsReauth,
    })),
  mediaReported: (media, error) =>
    set(error === undefined ? { media } : { media, lastError: error }),
  cancelled: () => set({ status: 'idle', progress: null, media: null }),
  reset: () => set(INITIAL),
}));
