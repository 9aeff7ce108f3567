/**
 * What the status banner and the rest of the UI know about synchronisation. The sync engine is the
 * only writer; it reports through the actions below.
 */
import { create } from 'zustand';

export type SyncStatus = 'idle' | 'pending' | 'success' | 'error';

export interface SyncProgress {
  done: number;
  total: number;
  phase: 'records' | 'media';
}

export interface SyncState {
  status: SyncStatus;
  progress: SyncProgress | null;
  /** ISO date of the last fully successful sync (records and media). */
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
  /** The run was stopped on purpose (services stopping): nothing to report, back to idle. */
  cancelled(): void;
  reset(): void;
}

const INITIAL: SyncState = {
  status: 'idle',
  progress: null,
  lastSuccessAt: null,
  lastError: null,
  contentVersion: null,
  runCount: 0,
  needsReauth: false,
};

export const useSyncStore = create<SyncState & SyncActions>()((set) => ({
  ...INITIAL,
  hydrate: (values) => set(values),
  started: () => set({ status: 'pending', progress: null }),
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
  cancelled: () => set({ status: 'idle', progress: null }),
  reset: () => set(INITIAL),
}));
