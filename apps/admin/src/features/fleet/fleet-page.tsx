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
 *
 * Each totem by its name, with its place and groups (decision 038): the 8-character id stays,
 * secondary; « Modifier » opens its profile form, saved at once (no publish); the list can be
 * narrowed to one group.
 */
import { FLEET_EVENTS, pathOf, type KioskStatus } from '@plant-kiosk/contract';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatBytes } from '../../lib/api/media-api';
import { formatDate } from '../../lib/labels';
import { usePlantZones } from '../../lib/plant-zone';
import { Notice } from '../../components/notice';
import { KioskProfileForm } from './kiosk-profile-form';
import './fleet.css';

type Live = 'connecting' | 'live' | 'reconnecting';

const RECONNECT_MS = 5_000;

const keyOf = (kiosk: Pick<KioskStatus, 'devid' | 'kioskId'>) => `${kiosk.devid}/${kiosk.kioskId}`;

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

/** Every group of the fleet, once, in French alphabetical order. */
export function groupsOf(rows: readonly KioskStatus[]): string[] {
  const groups = new Set(rows.flatMap((kiosk) => kiosk.groups ?? []));
  return [...groups].sort((a, b) => a.localeCompare(b, 'fr'));
}

/** What the list is sorted by within a development: the name, else the id. */
const labelOf = (kiosk: KioskStatus) => kiosk.name ?? kiosk.kioskId;

function modeText(kiosk: KioskStatus): string {
  if (kiosk.mode === 'parcours') return 'Parcours visiteur';
  if (kiosk.mode === 'totem') return `Totem ${kiosk.totem ?? ''}`.trim();
  return 'Non choisi';
}

/** How long a totem must have been silent to be purged: a morning's tests, a week, a month. */
export const PURGE_CHOICES = [
  { hours: 4, label: '4 heures' },
  { hours: 24 * 7, label: '7 jours' },
  { hours: 24 * 30, label: '30 jours' },
] as const;

export function FleetPage() {
  const [kiosks, setKiosks] = useState<Map<string, KioskStatus> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<Live>('connecting');
  const [now, setNow] = useState(() => Date.now());
  const [editing, setEditing] = useState<KioskStatus | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<KioskStatus | null>(null);
  const [purging, setPurging] = useState(false);
  const [silentForHours, setSilentForHours] = useState(PURGE_CHOICES[1]!.hours);
  const [busy, setBusy] = useState(false);
  // '' shows every totem.
  const [group, setGroup] = useState('');

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
          // Named totems first, by name; the unnamed after them, by id.
          Number(a.name == null) - Number(b.name == null) ||
          labelOf(a).localeCompare(labelOf(b), 'fr') ||
          a.kioskId.localeCompare(b.kioskId),
      ),
    [kiosks],
  );
  const groups = useMemo(() => groupsOf(rows), [rows]);
  const shown = group === '' ? rows : rows.filter((kiosk) => kiosk.groups?.includes(group));
  const online = rows.filter((k) => k.state === 'online').length;
  const behind = rows.filter((k) => !k.upToDate && !k.aheadOfServer).length;
  const progress = useMemo(() => progressByDevelopment(rows), [rows]);
  // The fleet spans developments: each totem's times in its own development's plant zone (Paris
  // until its settings answer, or when they cannot be read).
  const zoneOf = usePlantZones(rows.map((kiosk) => kiosk.devid));

  /** Drops forgotten totems from the list at once (the live channel only adds and updates). */
  const drop = (devid: number, kioskIds: readonly string[]) =>
    setKiosks((known) => {
      const next = new Map(known ?? []);
      for (const kioskId of kioskIds) next.delete(keyOf({ devid, kioskId }));
      return next;
    });
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setSaved(null);
    setFailed(null);
    try {
      setSaved(await work());
    } catch (failure) {
      setFailed(errorMessage(failure));
    } finally {
      setBusy(false);
      setForgetting(null);
      setPurging(false);
    }
  };
  const forget = (kiosk: KioskStatus) =>
    act(async () => {
      const { data, message } = await callWithMessage('adminForgetKiosk', {
        params: { devid: kiosk.devid, kioskId: kiosk.kioskId },
      });
      drop(data.devid, data.kioskIds);
      return message || `Totem « ${labelOf(kiosk)} » oublié.`;
    });
  // One call per development the list shows (the route is a development's).
  const purge = () =>
    act(async () => {
      let total = 0;
      for (const devid of new Set(rows.map((kiosk) => kiosk.devid))) {
        const answer = await call('adminPurgeKiosks', {
          params: { devid },
          body: { silentForHours },
        });
        drop(answer.devid, answer.kioskIds);
        total += answer.kioskIds.length;
      }
      return total === 0
        ? 'Aucun totem silencieux aussi longtemps : rien à oublier.'
        : `${total} ${total > 1 ? 'totems silencieux oubliés' : 'totem silencieux oublié'}.`;
    });

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
          {saved && (
            <Notice tone="success" onClose={() => setSaved(null)}>
              {saved}
            </Notice>
          )}
          {failed && (
            <Notice tone="error" onClose={() => setFailed(null)}>
              {failed}
            </Notice>
          )}
          {rows.length > 0 && (
            <div className="toolbar">
              <button type="button" className="button" onClick={() => setPurging(true)}>
                Oublier les totems silencieux…
              </button>
            </div>
          )}
          {groups.length > 0 && (
            <div className="toolbar">
              <label className="dev-switcher">
                <span>Groupe</span>
                <select value={group} onChange={(event) => setGroup(event.target.value)}>
                  <option value="">Tous les totems</option>
                  {groups.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              {group !== '' && (
                <span className="muted" role="status">
                  {shown.length} {shown.length > 1 ? 'totems' : 'totem'} dans « {group} »
                </span>
              )}
            </div>
          )}
          <div className="card table-scroll">
            {rows.length === 0 ? (
              <p className="muted">
                Aucun totem ne s’est encore signalé. Ils apparaissent ici dès leur connexion.
              </p>
            ) : shown.length === 0 ? (
              <p className="muted">Aucun totem dans le groupe « {group} ».</p>
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
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((kiosk) => (
                    <tr key={keyOf(kiosk)} className={kiosk.flag ? 'row-flagged' : undefined}>
                      <td data-label="Totem">
                        {kiosk.name ? (
                          <strong data-testid="fleet-name">{kiosk.name}</strong>
                        ) : (
                          <strong className="muted">Sans nom</strong>
                        )}{' '}
                        <span className="mono muted small" title={kiosk.kioskId}>
                          {kiosk.kioskId.slice(0, 8)}
                        </span>
                        <span className="muted small"> {kiosk.devname}</span>
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
                      <td data-label="Actions">
                        <button
                          type="button"
                          className="button button-small"
                          onClick={() => {
                            setSaved(null);
                            setEditing(kiosk);
                          }}
                          aria-label={`Modifier le totem ${kiosk.name ?? kiosk.kioskId.slice(0, 8)}`}
                        >
                          Modifier
                        </button>{' '}
                        <button
                          type="button"
                          className="button button-small button-danger-outline"
                          onClick={() => setForgetting(kiosk)}
                          aria-label={`Oublier le totem ${labelOf(kiosk)}`}
                        >
                          Oublier
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
      {forgetting && (
        <ConfirmDialog
          title={`Oublier le totem « ${labelOf(forgetting)} » ?`}
          confirmLabel={busy ? 'Oubli…' : 'Oui, oublier ce totem'}
          busy={busy}
          onConfirm={() => void forget(forgetting)}
          onCancel={() => setForgetting(null)}
        >
          <p>
            Son jeton est révoqué : s’il est allumé, il revient aussitôt à l’écran de connexion, et
            ne reviendra qu’en se connectant de nouveau, comme un nouveau totem. Son nom, son lieu,
            ses groupes et sa note sont effacés.
          </p>
        </ConfirmDialog>
      )}
      {purging && (
        <ConfirmDialog
          title="Oublier les totems silencieux ?"
          confirmLabel={busy ? 'Nettoyage…' : 'Oublier ces totems'}
          busy={busy}
          onConfirm={() => void purge()}
          onCancel={() => setPurging(false)}
        >
          <p>
            Les totems qui ne se sont pas signalés depuis ce temps sont oubliés, comme avec «
            Oublier » : essais, totems démontés, identités jamais revenues.
          </p>
          <label className="field">
            <span>Silencieux depuis plus de</span>
            <select
              value={silentForHours}
              onChange={(event) => setSilentForHours(Number(event.target.value))}
            >
              {PURGE_CHOICES.map((choice) => (
                <option key={choice.hours} value={choice.hours}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        </ConfirmDialog>
      )}
      {editing && (
        <KioskProfileForm
          kiosk={editing}
          onClose={() => setEditing(null)}
          onSaved={(profile, message) => {
            // Shown at once; the live channel's entry, when it comes, carries the same profile.
            setKiosks((known) => {
              const next = new Map(known ?? []);
              const key = keyOf(editing);
              const current = next.get(key);
              if (current) {
                next.set(key, {
                  ...current,
                  name: profile.name,
                  location: profile.location,
                  groups: profile.groups,
                  note: profile.note,
                  profileVersion: profile.version,
                });
              }
              return next;
            });
            setEditing(null);
            setSaved(message);
          }}
        />
      )}
    </Page>
  );
}
