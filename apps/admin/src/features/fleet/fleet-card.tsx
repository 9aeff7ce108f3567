/**
 * One totem of the fleet's grid (issue 48): its latest thumbnail first — what the screen showed,
 * with the page, the revision and how long ago beside it, the areas it could not draw said in
 * words — then every fact the fleet's table showed (state in words, last command, content and
 * media, mode, app version, last sync, « Vu », storage, last error) and its actions.
 *
 * The name heads the card (a heading per totem, for a screen reader's list of headings); the
 * picture is not a link, so the focus goes from the name to the actions.
 */
import {
  presenceOf,
  watchdogEventText,
  watchdogScreenText,
  type KioskStatus,
} from '@plant-kiosk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatBytes } from '../../lib/api/media-api';
import { formatDate } from '../../lib/labels';
import { since, seenText } from './command-text';
import { FLAG_LABELS, mediaText, modeText, revisionText } from './kiosk-status-text';
import { LastCommand } from './last-command';
import { PresenceState } from './presence-state';
import { placeholdersText, revisionWords, thumbnailAlt } from './thumbnail-text';
import { ThumbnailPicture } from './thumbnail-picture';

/** A totem's own page: its status, its thumbnails and its commands' history. */
export const kioskPath = (kiosk: Pick<KioskStatus, 'devid' | 'kioskId'>) =>
  `/parc/${kiosk.devid}/${encodeURIComponent(kiosk.kioskId)}`;

/** How a totem is named in sentences: its name, else its short id. */
export const shortLabelOf = (kiosk: Pick<KioskStatus, 'name' | 'kioskId'>) =>
  kiosk.name ?? kiosk.kioskId.slice(0, 8);

export function FleetCard({
  kiosk,
  now,
  timeZone,
  actions,
}: {
  kiosk: KioskStatus;
  now: number;
  timeZone: string;
  /** Its buttons (commands, edit, forget), as the page allows them to the user. */
  actions: ReactNode;
}) {
  const thumbnail = kiosk.thumbnail ?? null;
  const placeholders = thumbnail ? placeholdersText(thumbnail.placeholders) : null;
  const neverSeen = presenceOf(kiosk) === 'never-seen';
  return (
    <li className={`fleet-card${kiosk.flag ? ' fleet-card-flagged' : ''}`} data-testid="fleet-card">
      <div className="fleet-card-head">
        <h2 className="fleet-card-title">
          {/* The name and short id open the totem's page: « Sans nom » alone would not say which. */}
          <Link to={kioskPath(kiosk)} className="fleet-name-link">
            {kiosk.name ? (
              <strong data-testid="fleet-name">{kiosk.name}</strong>
            ) : (
              <strong className="muted">Sans nom</strong>
            )}{' '}
            <span className="mono muted small" title={kiosk.kioskId}>
              {kiosk.kioskId.slice(0, 8)}
            </span>
          </Link>
        </h2>
        <span className="muted small">{kiosk.devname}</span>
        {kiosk.location && (
          <span className="fleet-location small" data-testid="fleet-location">
            {kiosk.location}
          </span>
        )}
        {(kiosk.groups?.length ?? 0) > 0 && (
          <span className="fleet-groups">
            <span className="visually-hidden">Groupes : </span>
            {kiosk.groups?.map((name) => (
              <span key={name} className="badge badge-muted">
                {name}
              </span>
            ))}
          </span>
        )}
        {/* « silencieux » is the state's own word: not said twice. */}
        {kiosk.flag && kiosk.flag !== 'silent' && (
          <span className="badge badge-flag" title={kiosk.flagMessage ?? undefined}>
            ⚠ {FLAG_LABELS[kiosk.flag]}
          </span>
        )}
        {kiosk.flagMessage && <span className="visually-hidden"> : {kiosk.flagMessage}</span>}
      </div>
      <div className="fleet-thumb" data-testid="fleet-thumbnail">
        <ThumbnailPicture
          devid={kiosk.devid}
          kioskId={kiosk.kioskId}
          thumbnailId={thumbnail?.thumbnailId ?? null}
          alt={thumbnail ? thumbnailAlt(shortLabelOf(kiosk), thumbnail, timeZone, now) : ''}
          size="card"
        />
        {thumbnail ? (
          <p className="fleet-thumb-facts small">
            <span className="fleet-thumb-route">{thumbnail.route}</span>
            <span>{revisionWords(thumbnail.revision)}</span>
            <span>{since(thumbnail.receivedAt, now, timeZone)}</span>
            {placeholders && (
              <span className="fleet-thumb-note" data-testid="fleet-thumbnail-note">
                {placeholders}
              </span>
            )}
          </p>
        ) : (
          <p className="fleet-thumb-facts small muted">
            {neverSeen ? 'Pas encore de rapport.' : 'Pas encore de vignette reçue.'}
          </p>
        )}
      </div>
      <dl className="fleet-card-facts">
        <div className="fleet-fact-wide">
          <dt>État</dt>
          <dd>
            <PresenceState kiosk={kiosk} timeZone={timeZone} testId="fleet-presence" />
            <LastCommand command={kiosk.lastCommand} now={now} timeZone={timeZone} />
          </dd>
        </div>
        <div className="fleet-fact-wide">
          <dt>Contenu</dt>
          <dd>
            {/* A totem never seen is not behind: it has shown nothing yet. */}
            {!neverSeen && (
              <span className={`badge ${kiosk.upToDate ? 'badge-ok' : 'badge-warn'}`}>
                {kiosk.upToDate ? 'À jour' : kiosk.aheadOfServer ? 'En avance' : 'En retard'}
              </span>
            )}{' '}
            <span className="small" data-testid="fleet-content">
              {revisionText(kiosk)}
              {kiosk.contentVersion !== null && mediaText(kiosk.media) !== null && (
                <> · {mediaText(kiosk.media)}</>
              )}
            </span>
          </dd>
        </div>
        <div>
          <dt>Mode</dt>
          <dd>{modeText(kiosk)}</dd>
        </div>
        <div>
          <dt>Version de l’app</dt>
          <dd>{kiosk.appVersion ?? '—'}</dd>
        </div>
        <div>
          <dt>Dernière synchro</dt>
          <dd>{formatDate(kiosk.lastSyncAt, timeZone)}</dd>
        </div>
        <div>
          <dt>Vu</dt>
          <dd>{seenText(kiosk, now, timeZone)}</dd>
        </div>
        <div>
          <dt>Stockage</dt>
          <dd>
            {kiosk.storageUsedBytes === null
              ? '—'
              : `${formatBytes(kiosk.storageUsedBytes)} / ${formatBytes(kiosk.storageQuotaBytes)}`}
            {/* Issue 53: a browser that may evict the offline content when its disk fills. */}
            {kiosk.storagePersisted === false && (
              <>
                {' '}
                <span
                  className="badge badge-warn"
                  title="Le navigateur de ce totem peut effacer son contenu hors ligne si le disque se remplit : vérifiez sa politique Chromium (docs/deployment.md)."
                >
                  non garanti
                </span>
              </>
            )}
          </dd>
        </div>
        <div className="fleet-fact-wide">
          <dt>Chien de garde</dt>
          <dd>{watchdogText(kiosk, timeZone)}</dd>
        </div>
        {/* Issue 53: a dark totem the plant asked for, or one whose screen never sleeps. */}
        {kiosk.watchdog?.screen && (
          <div className="fleet-fact-wide">
            <dt>Écran</dt>
            <dd className={kiosk.watchdog.screen.state === 'refused' ? 'error-cell' : undefined}>
              {watchdogScreenText(kiosk.watchdog.screen)}
            </dd>
          </div>
        )}
        <div className="fleet-fact-wide">
          <dt>Dernière erreur</dt>
          <dd className={kiosk.lastError ? 'error-cell' : undefined}>{kiosk.lastError ?? '—'}</dd>
        </div>
      </dl>
      <div className="fleet-card-actions">{actions}</div>
    </li>
  );
}

/**
 * The totem's watchdog (issue 53) in words: « Navigateur redémarré par le chien de garde à … (la
 * page ne répondait plus) », « actif », « absent » (installed without deploy/totem: no recovery, no
 * restart or screen commands), « — » (an older kiosk).
 */
export function watchdogText(kiosk: Pick<KioskStatus, 'watchdog'>, timeZone: string): string {
  const { watchdog } = kiosk;
  if (!watchdog) return '—';
  if (watchdog.lastEvent) {
    const text = watchdogEventText(watchdog.lastEvent, formatDate(watchdog.lastEvent.at, timeZone));
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return watchdog.attached ? 'actif' : 'absent';
}
