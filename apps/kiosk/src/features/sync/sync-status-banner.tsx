/**
 * The synchronisation notification of spec §4: amber while a sync runs (with its progress), green
 * for 3 s after a success, red after a failure until the next sync starts. It sits fixed at the
 * bottom of the screen, away from the header and banner that hold the navigation.
 */
import { useEffect, useState } from 'react';
import { useSyncStore } from './sync-store';
import './sync-status-banner.css';

/** Spec §9: the success notification hides after 3 s. */
export const SUCCESS_VISIBLE_MS = 3000;

export const SYNC_TEXTS = {
  pending: 'Synchronisation en cours...',
  success: 'Synchronisation terminée !',
  error: 'La synchronisation a échoué...',
  records: 'Contenus',
  media: 'Médias',
} as const;

export function SyncStatusBanner() {
  const status = useSyncStore((state) => state.status);
  const progress = useSyncStore((state) => state.progress);
  const lastError = useSyncStore((state) => state.lastError);
  const runCount = useSyncStore((state) => state.runCount);
  // The run whose success has been shown long enough; compared by run so a later success shows again.
  const [hiddenRun, setHiddenRun] = useState<number | null>(null);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => setHiddenRun(runCount), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [status, runCount]);

  const visible =
    status === 'pending' || status === 'error' || (status === 'success' && hiddenRun !== runCount);
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.round((progress.done / progress.total) * 100))
      : null;

  return (
    <div
      className={`sync-banner${visible ? ` sync-banner--${status}` : ' sync-banner--hidden'}`}
      role="status"
      aria-live="polite"
      data-testid="sync-status-banner"
      data-status={visible ? status : 'hidden'}
    >
      {visible && status === 'pending' && (
        <>
          <p className="sync-banner__title">
            {SYNC_TEXTS.pending}
            {progress && percent !== null && (
              // The bar carries the value for assistive technology; the text would be re-read at every step.
              <span className="sync-banner__percent" aria-hidden="true">
                {' '}
                {progress.phase === 'media' ? SYNC_TEXTS.media : SYNC_TEXTS.records} {percent} %
              </span>
            )}
          </p>
          <div
            className="sync-banner__bar"
            role="progressbar"
            aria-label={SYNC_TEXTS.pending}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
          >
            <div
              className={`sync-banner__fill${percent === null ? ' sync-banner__fill--indeterminate' : ''}`}
              style={percent === null ? undefined : { width: `${percent}%` }}
            />
          </div>
        </>
      )}
      {visible && status === 'success' && (
        <p className="sync-banner__title">{SYNC_TEXTS.success}</p>
      )}
      {visible && status === 'error' && (
        <>
          <p className="sync-banner__title">{SYNC_TEXTS.error}</p>
          {lastError && <p className="sync-banner__detail">{lastError}</p>}
        </>
      )}
    </div>
  );
}
