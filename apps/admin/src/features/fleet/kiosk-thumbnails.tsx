/**
 * A totem's latest thumbnails on its page (issue 48): the newest large, the others small, each
 * with its page, its revision and its time by the totem's clock and by the server's (a gap between
 * the two says the totem's clock is off), and the areas it could not draw.
 *
 * « Prendre une vignette maintenant » sends the totem a `thumbnail` command (send-command.ts, the
 * call « Commandes… » makes) and follows its state — en attente, envoyée, faite, échouée with the
 * totem's reason — from the freshest of what the page knows: the fleet channel's last command of
 * the totem, and the commands' history the page reads. No polling of its own: the list is read
 * again when the channel brings a new latest thumbnail, and when the command is done (the totem's
 * upload is what acknowledges it, so the picture is there by then). Users who may not command the
 * totem (an editor of another development) see the pictures, not the button.
 */
import {
  THUMBNAIL_DEFAULT_INTERVAL_MINUTES,
  type KioskCommand,
  type KioskCommandBatch,
  type KioskCommandList,
  type KioskStatus,
  type KioskThumbnailList,
} from '@plant-kiosk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LoadError, Loading } from '../../components/page';
import { Notice } from '../../components/notice';
import { errorMessage, call } from '../../lib/api/client';
import { stateBadge, stateLabel } from './command-text';
import { shortLabelOf } from './fleet-card';
import { sendCommand } from './send-command';
import { clockTime, placeholdersText, revisionWords, thumbnailAlt } from './thumbnail-text';
import { ThumbnailPicture } from './thumbnail-picture';

/**
 * How long the request waits for an offline totem: « maintenant » means now; a totem back later
 * draws one on its own schedule anyway (every THUMBNAIL_DEFAULT_INTERVAL_MINUTES).
 */
export const THUMBNAIL_REQUEST_EXPIRY_MINUTES = 15;

/** How far along a command is: a later source never takes a state back. */
const PROGRESS: Record<string, number> = { pending: 0, sent: 1, done: 2, failed: 2, expired: 2 };

interface RequestState {
  state: string;
  reason: string | null;
}

/** The requested command's state, from the freshest source that knows it. */
export function requestState(
  requested: KioskCommand,
  lastCommand: KioskStatus['lastCommand'],
  history: KioskCommandList | null,
): RequestState {
  const known: RequestState[] = [requested];
  if (lastCommand && lastCommand.commandId === requested.commandId) known.push(lastCommand);
  const listed = history?.find((command) => command.commandId === requested.commandId);
  if (listed) known.push(listed);
  return known.reduce((best, next) =>
    (PROGRESS[next.state] ?? 0) > (PROGRESS[best.state] ?? 0) ? next : best,
  );
}

export function KioskThumbnails({
  kiosk,
  history,
  canRequest,
  timeZone,
  now,
  onRequested,
}: {
  kiosk: KioskStatus;
  /** The totem's commands as its page last read them (null: not yet). */
  history: KioskCommandList | null;
  canRequest: boolean;
  timeZone: string;
  now: number;
  /** The request went through: the page lists the command at once. */
  onRequested: (batch: KioskCommandBatch) => void;
}) {
  const { devid, kioskId } = kiosk;
  const [list, setList] = useState<KioskThumbnailList | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [requested, setRequested] = useState<KioskCommand | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Only the latest read's answer is shown: an earlier one answering late is older news.
  const reads = useRef(0);

  const read = useCallback(() => {
    const id = ++reads.current;
    return call('adminKioskThumbnails', { params: { devid, kioskId } })
      .then((answer) => {
        if (id !== reads.current) return;
        setList(answer);
        setListError(null);
      })
      .catch((error: unknown) => {
        if (id === reads.current) setListError(errorMessage(error));
      });
  }, [devid, kioskId]);

  // Read at first, then whenever the channel says the latest thumbnail changed.
  const latestId = kiosk.thumbnail?.thumbnailId ?? null;
  useEffect(() => {
    void read();
  }, [read, latestId]);

  const status = requested ? requestState(requested, kiosk.lastCommand, history) : null;
  const state = status?.state ?? null;
  useEffect(() => {
    if (state === 'done') void read();
  }, [read, state]);

  const request = async () => {
    setSending(true);
    setFailure(null);
    try {
      const batch = await sendCommand(devid, {
        kind: 'thumbnail',
        target: { kind: 'kiosk', kioskId },
        expiresInMinutes: THUMBNAIL_REQUEST_EXPIRY_MINUTES,
      });
      setRequested(batch.commands[0] ?? null);
      onRequested(batch);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  const waiting = sending || state === 'pending' || state === 'sent';
  const totem = shortLabelOf(kiosk);

  return (
    <section className="card kiosk-section" aria-labelledby="kiosk-thumbnails-title">
      <h2 id="kiosk-thumbnails-title">Vignettes</h2>
      {canRequest && (
        <div className="kiosk-thumb-request">
          <button
            type="button"
            className="button"
            onClick={() => void request()}
            disabled={waiting}
          >
            {sending ? 'Demande…' : 'Prendre une vignette maintenant'}
          </button>
          <span role="status" className="small" data-testid="thumbnail-request">
            {status && (
              <>
                Vignette demandée :{' '}
                <span className={stateBadge(status.state)}>{stateLabel(status.state)}</span>
                {status.state === 'failed' && status.reason && <> : {status.reason}</>}
                {status.state === 'pending' && kiosk.state !== 'online' && (
                  <> (le totem est hors ligne : il la prendra à sa reconnexion)</>
                )}
              </>
            )}
          </span>
        </div>
      )}
      {failure && <Notice tone="error">{failure}</Notice>}
      {listError && <LoadError message={listError} onRetry={() => void read()} />}
      {!list && !listError && <Loading />}
      {list && list.length === 0 && (
        <p className="muted">
          Ce totem n’a encore envoyé aucune vignette : il en dessine une toutes les{' '}
          {THUMBNAIL_DEFAULT_INTERVAL_MINUTES} minutes, et à la demande.
        </p>
      )}
      {list && list.length > 0 && (
        <ul className="kiosk-thumbs" aria-label="Dernières vignettes, la plus récente d’abord">
          {list.map((thumbnail, index) => {
            const note = placeholdersText(thumbnail.placeholders);
            return (
              <li
                key={thumbnail.thumbnailId}
                className={index === 0 ? 'kiosk-thumb-latest' : 'kiosk-thumb-older'}
                data-testid="kiosk-thumbnail"
              >
                <figure>
                  <ThumbnailPicture
                    devid={devid}
                    kioskId={kioskId}
                    thumbnailId={thumbnail.thumbnailId}
                    alt={thumbnailAlt(totem, thumbnail, timeZone, now)}
                    size={index === 0 ? 'large' : 'small'}
                  />
                  <figcaption>
                    <strong>{thumbnail.route}</strong>
                    <span>{revisionWords(thumbnail.revision)}</span>
                    <span>
                      Prise à {clockTime(thumbnail.takenAt, timeZone, now, { seconds: true })}{' '}
                      <span className="muted">(horloge du totem)</span>
                    </span>
                    <span>
                      Reçue à {clockTime(thumbnail.receivedAt, timeZone, now, { seconds: true })}{' '}
                      <span className="muted">(horloge du serveur)</span>
                    </span>
                    <span className="muted">
                      {thumbnail.commandId === null ? 'Automatique' : 'À la demande'}
                    </span>
                    {note && <span className="fleet-thumb-note">{note}</span>}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
