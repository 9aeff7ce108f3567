/**
 * The synchronisation notification of docs/product.md#states: amber while a sync runs (with its progress), green
 * for 3 s after a success, red after a failure until the next sync starts. It sits fixed at the
 * bottom of the screen, away from the header and banner that hold the navigation.
 *
 * Content-first sync, content first: the success shows as soon as the new content is written, and
 * the media downloads after it have their own line — "médias : 12 / 40 en cache" with a bar — and
 * say that the totem does not yet hold everything offline; the banner stays until they are all
 * cached (then 3 s more, saying so). Files that could not be had leave it amber, saying how many,
 * until the next sync. `data-media` tells the media phase to the browser tests, visible or not.
 * Once all are cached, images drawn as "Image indisponible" (lib/media/media-fallback.ts) get their
 * address back.
 */
import { useEffect, useState } from 'react';
import { retryUnavailableImages } from '../../lib/media/media-fallback';
import { useSyncStore, type MediaStatus } from './sync-store';
import './sync-status-banner.css';

/** docs/product.md#constants: the success notification hides after 3 s. */
export const SUCCESS_VISIBLE_MS = 3000;

export const SYNC_TEXTS = {
  pending: 'Synchronisation en cours...',
  success: 'Synchronisation terminée !',
  error: 'La synchronisation a échoué...',
  records: 'Contenus',
  media: 'Médias',
  mediaCached: (cached: number, total: number) =>
    `Contenu à jour — médias : ${cached} / ${total} en cache`,
  mediaBar: 'Médias en cache',
  notYetOffline: 'Pas encore entièrement disponible hors ligne',
  offline: 'Tout est disponible hors ligne',
  unavailable: (failed: number) =>
    `${failed} média(s) indisponible(s) : pas encore entièrement disponible hors ligne`,
} as const;

const percentOf = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;

/** The media lines under "Synchronisation terminée !" (none before the step knows its files). */
function MediaLines({ media }: { media: MediaStatus }) {
  if (media.total === 0) return null;
  const percent = percentOf(media.cached, media.total) ?? 0;
  return (
    <>
      {/* The bar carries the count for assistive technology; the text would be re-read at each file. */}
      <p className="sync-banner__detail" aria-hidden={media.phase === 'downloading'}>
        {SYNC_TEXTS.mediaCached(media.cached, media.total)}
      </p>
      {media.phase === 'downloading' && (
        <div
          className="sync-banner__bar"
          role="progressbar"
          aria-label={SYNC_TEXTS.mediaBar}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${media.cached} / ${media.total}`}
        >
          <div className="sync-banner__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="sync-banner__note">
        {media.phase === 'complete'
          ? SYNC_TEXTS.offline
          : media.phase === 'incomplete'
            ? SYNC_TEXTS.unavailable(media.failed)
            : SYNC_TEXTS.notYetOffline}
      </p>
    </>
  );
}

export function SyncStatusBanner() {
  const status = useSyncStore((state) => state.status);
  const progress = useSyncStore((state) => state.progress);
  const media = useSyncStore((state) => state.media);
  const lastError = useSyncStore((state) => state.lastError);
  const runCount = useSyncStore((state) => state.runCount);
  // What has been shown long enough: a run's success, then its media's end (each shows again).
  const shownKey = `${runCount}:${media?.phase ?? 'none'}`;
  const [hiddenKey, setHiddenKey] = useState<string | null>(null);
  /** Until every file is cached (or while some are missing), the banner stays. */
  const mediaPending = media !== null && media.phase !== 'complete';

  useEffect(() => {
    if (status !== 'success' || mediaPending) return;
    const timer = setTimeout(() => setHiddenKey(shownKey), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [status, mediaPending, shownKey]);

  // Every file is cached now: an image shown as "Image indisponible" may load (from the cache).
  useEffect(() => {
    if (media?.phase === 'complete') retryUnavailableImages();
  }, [media?.phase]);

  const visible =
    status === 'pending' ||
    status === 'error' ||
    (status === 'success' && (mediaPending || hiddenKey !== shownKey));
  const percent = progress ? percentOf(progress.done, progress.total) : null;
  const incomplete = status === 'success' && media?.phase === 'incomplete';

  return (
    <div
      className={`sync-banner${visible ? ` sync-banner--${status}` : ' sync-banner--hidden'}${visible && incomplete ? ' sync-banner--incomplete' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="sync-status-banner"
      data-status={visible ? status : 'hidden'}
      data-media={media?.phase ?? 'none'}
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
        <>
          <p className="sync-banner__title">{SYNC_TEXTS.success}</p>
          {media && <MediaLines media={media} />}
        </>
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
