/**
 * The fleet: every totem the user may see, live. The list comes first from the SSE channel's
 * `fleet` event (or GET when EventSource is missing), then each `kiosk` event replaces one row.
 * The session cookie goes with the EventSource request because it is same-origin.
 *
 * Which revision each totem shows (content-first sync, decision 019): "révision 14 — à jour",
 * "révision 12 — 2 de retard", or "révision 5012 — en avance sur le serveur (sauvegarde restaurée ?)"
 * for a totem holding revisions the server no longer has (`aheadOfServer`); and per development, "38 / 40 totems sur la révision 61" — live,
 * since a publish sends every kiosk of the development again with the new published revision.
 * And whether it holds that revision's media (content-first sync, from its heartbeat): "· médias
 * complets", "· médias 38 / 40" (some given up until its next sync), "· médias 12 / 40 en
 * téléchargement"; nothing when the totem did not say (an older kiosk).
 */
import { FLEET_EVENTS, pathOf, type KioskStatus } from '@plant-kiosk/contract';
import { useEffect, useMemo, useState } from 'react';
import { LoadError, Loading, Page } from '../../components/page';
import { call, errorMessage } from '../../lib/api/client';
import { formatBytes } from '../../lib/api/media-api';
import { formatDate } from '../../lib/labels';
import { usePlantZones } from '../../lib/plant-zone';

type Live = 'connecting' | 'live' | 'reconnecting';

const RECONNECT_MS = 5_000;

const keyOf = (kiosk: KioskStatus) => `${kiosk.devid}/${kiosk.kioskId}`;

const FLAG_LABELS: Record<NonNullable<KioskStatus['flag']>, string> = {
  silent: 'silencieux',
  behind: 'à surveiller',
  ahead: 'en avance',
};

/** The revision a totem shows, against the published one. */
export function revisionText(
  kiosk: Pick<KioskStatus, 'contentVersion' | 'currentContentVersion' | 'aheadOfServer'>,
) {
  if (kiosk.contentVersion === null) return 'jamais synchronisé';
  // The server's word, not a subtraction here: the contract says when a revision is ahead.
  if (kiosk.aheadOfServer) {
    return `révision ${kiosk.contentVersion} — en avance sur le serveur (sauvegarde restaurée ?)`;
  }
  const behind = kiosk.currentContentVersion - kiosk.contentVersion;
  return behind <= 0
    ? `révision ${kiosk.contentVersion} — à jour`
    : `révision ${kiosk.contentVersion} — ${behind} de retard`;
}

/** Its media for that revision, as last reported; null when unknown. */
export function mediaText(media: KioskStatus['media']): string | null {
  if (media === null) return null;
  if (media.phase === 'complete') return 'médias complets';
  const count = `médias ${media.cached} / ${media.total}`;
  return media.phase === 'downloading' ? `${count} en téléchargement` : count;
}

interface DevelopmentProgress {
  devid: number;
  devname: string;
  revision: number;
  onIt: number;
  total: number;
}

/** Per development: how many of its totems show its published revision. */
export function progressByDevelopment(rows: readonly KioskStatus[]): DevelopmentProgress[] {
  const byDev = new Map<number, DevelopmentProgress>();
  for (const kiosk of rows) {
    const entry = byDev.get(kiosk.devid) ?? {
      devid: kiosk.devid,
      devname: kiosk.devname,
      revision: kiosk.currentContentVersion,
      onIt: 0,
      total: 0,
    };
    entry.revision = Math.max(entry.revision, kiosk.currentContentVersion);
    entry.total += 1;
    if (kiosk.upToDate) entry.onIt += 1;
    byDev.set(kiosk.devid, entry);
  }
  return [...byDev.values()].sort((a, b) => a.devname.localeCompare(b.devname));
}

function since(iso: string | null, now: number, timeZone: string): string {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 5) return 'à l’instant';
  if (seconds < 60) return `il y a ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `il y a ${hours} h`;
  return formatDate(iso, timeZone);
}

function modeText(kiosk: KioskStatus): string {
  if (kiosk.mode === 'parcours') return 'Parcours visiteur';
  if (kiosk.mode === 'totem') return `Totem ${kiosk.totem ?? ''}`.trim();
  return 'Non choisi';
}

export function FleetPage() {
  const [kiosks, setKiosks] = useState<Map<string, KioskStatus> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<Live>('connecting');
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const fetchList = () =>
      call('adminFleet')
        .then((list) => {
          setKiosks(new Map(list.map((k) => [keyOf(k), k])));
          return true;
        })
        .catch((failure: unknown) => {
          setError(errorMessage(failure));
          return false;
        });
    if (typeof EventSource === 'undefined') {
      void fetchList();
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const current = new EventSource(pathOf('adminFleetStream'), { withCredentials: true });
      source = current;
      current.addEventListener(FLEET_EVENTS.list, (event) => {
        const list = JSON.parse((event as MessageEvent<string>).data) as KioskStatus[];
        setKiosks(new Map(list.map((k) => [keyOf(k), k])));
        setLive('live');
        setError(null);
      });
      current.addEventListener(FLEET_EVENTS.kiosk, (event) => {
        const kiosk = JSON.parse((event as MessageEvent<string>).data) as KioskStatus;
        setKiosks((known) => new Map(known ?? []).set(keyOf(kiosk), kiosk));
      });
      current.onerror = () => {
        setLive('reconnecting');
        // EventSource retries network drops by itself, but gives up for good on an HTTP error.
        // A plain GET then tells why: a 401 sends the user to the login page (client handler);
        // otherwise the list is refreshed and the live channel reopened a little later.
        if (current.readyState !== EventSource.CLOSED) return;
        void fetchList().then((ok) => {
          if (ok && !stopped) retry = setTimeout(connect, RECONNECT_MS);
        });
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, []);

  const rows = useMemo(
    () =>
      [...(kiosks?.values() ?? [])].sort(
        (a, b) =>
          Number(b.flag !== null) - Number(a.flag !== null) ||
          a.devname.localeCompare(b.devname) ||
          a.kioskId.localeCompare(b.kioskId),
      ),
    [kiosks],
  );
  const online = rows.filter((k) => k.state === 'online').length;
  const behind = rows.filter((k) => !k.upToDate && !k.aheadOfServer).length;
  const progress = useMemo(() => progressByDevelopment(rows), [rows]);
  // The fleet spans developments: each totem's times in its own development's plant zone (Paris
  // until its settings answer, or when they cannot be read).
  const zoneOf = usePlantZones(rows.map((kiosk) => kiosk.devid));

  return (
    <Page
      title="Parc de totems"
      actions={
        <span className={`live live-${live}`} role="status">
          {live === 'live' ? '● En direct' : live === 'connecting' ? 'Connexion…' : 'Reconnexion…'}
        </span>
      }
    >
      {error && <LoadError message={error} />}
      {!kiosks && !error && <Loading />}
      {kiosks && (
        <>
          <div className="stats">
            <div className="stat">
              <span className="stat-value">{rows.length}</span>{' '}
              {rows.length > 1 ? 'totems' : 'totem'}
            </div>
            <div className="stat">
              <span className="stat-value">{online}</span> en ligne
            </div>
            <div className="stat">
              <span className="stat-value">{behind}</span> en retard
            </div>
          </div>
          {progress.length > 0 && (
            <ul className="fleet-progress" aria-label="Révision affichée par les totems">
              {progress.map((dev) => (
                <li key={dev.devid} data-testid="fleet-progress">
                  <strong>
                    {dev.onIt} / {dev.total}
                  </strong>{' '}
                  {dev.total > 1 ? 'totems' : 'totem'} sur la révision {dev.revision}
                  {progress.length > 1 && <span className="muted small"> ({dev.devname})</span>}
                </li>
              ))}
            </ul>
          )}
          <div className="card table-scroll">
            {rows.length === 0 ? (
              <p className="muted">
                Aucun totem ne s’est encore signalé. Ils apparaissent ici dès leur connexion.
              </p>
            ) : (
              <table className="table table-compact table-stack">
                <caption className="visually-hidden">Totems</caption>
                <thead>
                  <tr>
                    <th scope="col">Totem</th>
                    <th scope="col">État</th>
                    <th scope="col">Contenu</th>
                    <th scope="col">Mode</th>
                    <th scope="col">Version de l’app</th>
                    <th scope="col">Dernière synchro</th>
                    <th scope="col">Vu</th>
                    <th scope="col">Stockage</th>
                    <th scope="col">Dernière erreur</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((kiosk) => (
                    <tr key={keyOf(kiosk)} className={kiosk.flag ? 'row-flagged' : undefined}>
                      <td data-label="Totem">
                        <strong className="mono" title={kiosk.kioskId}>
                          {kiosk.kioskId.slice(0, 8)}
                        </strong>
                        <span className="muted small"> {kiosk.devname}</span>
                        {kiosk.flag && (
                          <span className="badge badge-flag" title={kiosk.flagMessage ?? undefined}>
                            ⚠ {FLAG_LABELS[kiosk.flag]}
                          </span>
                        )}
                        {kiosk.flagMessage && (
                          <span className="visually-hidden"> : {kiosk.flagMessage}</span>
                        )}
                      </td>
                      <td data-label="État">
                        <span
                          className={`badge ${kiosk.state === 'online' ? 'badge-ok' : 'badge-off'}`}
                        >
                          {kiosk.state === 'online' ? 'En ligne' : 'Hors ligne'}
                        </span>
                      </td>
                      <td data-label="Contenu">
                        <span className={`badge ${kiosk.upToDate ? 'badge-ok' : 'badge-warn'}`}>
                          {kiosk.upToDate
                            ? 'À jour'
                            : kiosk.aheadOfServer
                              ? 'En avance'
                              : 'En retard'}
                        </span>
                        <span className="small" data-testid="fleet-content">
                          {' '}
                          {revisionText(kiosk)}
                          {kiosk.contentVersion !== null && mediaText(kiosk.media) !== null && (
                            <> · {mediaText(kiosk.media)}</>
                          )}
                        </span>
                      </td>
                      <td data-label="Mode">{modeText(kiosk)}</td>
                      <td data-label="Version de l’app">{kiosk.appVersion ?? '—'}</td>
                      <td className="nowrap" data-label="Dernière synchro">
                        {formatDate(kiosk.lastSyncAt, zoneOf(kiosk.devid))}
                      </td>
                      <td className="nowrap" data-label="Vu">
                        {since(kiosk.lastSeenAt, now, zoneOf(kiosk.devid))}
                      </td>
                      <td className="nowrap" data-label="Stockage">
                        {kiosk.storageUsedBytes === null
                          ? '—'
                          : `${formatBytes(kiosk.storageUsedBytes)} / ${formatBytes(kiosk.storageQuotaBytes)}`}
                      </td>
                      <td className="error-cell" data-label="Dernière erreur">
                        {kiosk.lastError ?? '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
