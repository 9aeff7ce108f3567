/**
 * The fleet: every totem the user may see, live (use-fleet-live.ts: the list from the SSE
 * channel's `fleet` event, then each `kiosk` event replaces one row).
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
 *
 * Each totem's state in words (issue 48, presence-state.tsx): « En ligne », « Hors ligne — affiche
 * la révision 12 depuis le … », « Silencieux — aucune nouvelle depuis le … », « Jamais vu —
 * identifié le …, aucun rapport depuis » (a totem that logged in and never reported), in the plant's
 * zone; the list can be narrowed to one state.
 *
 * Remote commands (issue 47): « Commandes… » on a row, « Commande à un groupe… » and « Commande à
 * tous les totems… » above the list (command-dialog.tsx), for the totems the user may edit; each
 * row shows its last command's state live (the channel carries it). A totem's name opens its page
 * (kiosk-page.tsx): its status and its commands' history.
 */
import {
  PRESENCE_LABELS,
  presenceOf,
  type KioskStatus,
  type TotemPresence,
} from '@plant-kiosk/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatBytes } from '../../lib/api/media-api';
import { formatDate } from '../../lib/labels';
import { usePlantZones } from '../../lib/plant-zone';
import { useOptionalUser } from '../../lib/session/session-context';
import { Notice } from '../../components/notice';
import { CommandDialog, type CommandScope } from './command-dialog';
import { canCommand, seenText } from './command-text';
import { groupsOf } from './fleet-groups';
import { KioskProfileForm } from './kiosk-profile-form';
import { LastCommand } from './last-command';
import {
  FLAG_LABELS,
  PRESENCE_FILTERS,
  mediaText,
  modeText,
  revisionText,
} from './kiosk-status-text';
import { PresenceState } from './presence-state';
import { keyOf, liveText, useFleetLive } from './use-fleet-live';
import './fleet.css';

export { groupsOf };

/** A totem's own page: its status and its commands' history. */
export const kioskPath = (kiosk: Pick<KioskStatus, 'devid' | 'kioskId'>) =>
  `/parc/${kiosk.devid}/${encodeURIComponent(kiosk.kioskId)}`;

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

/** What the list is sorted by within a development: the name, else the id. */
const labelOf = (kiosk: KioskStatus) => kiosk.name ?? kiosk.kioskId;

/** How long a totem must have been silent to be purged: a morning's tests, a week, a month. */
export const PURGE_CHOICES = [
  { hours: 4, label: '4 heures' },
  { hours: 24 * 7, label: '7 jours' },
  { hours: 24 * 30, label: '30 jours' },
] as const;

export function FleetPage() {
  const { kiosks, setKiosks, error, live } = useFleetLive();
  const user = useOptionalUser();
  const [now, setNow] = useState(() => Date.now());
  const [editing, setEditing] = useState<KioskStatus | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<KioskStatus | null>(null);
  const [purging, setPurging] = useState(false);
  const [silentForHours, setSilentForHours] = useState(PURGE_CHOICES[1]!.hours);
  const [busy, setBusy] = useState(false);
  const [commanding, setCommanding] = useState<CommandScope | null>(null);
  // '' shows every totem.
  const [group, setGroup] = useState('');
  const [presence, setPresence] = useState<TotemPresence | ''>('');

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
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
  const shown = rows.filter(
    (kiosk) =>
      (group === '' || kiosk.groups?.includes(group)) &&
      (presence === '' || presenceOf(kiosk) === presence),
  );
  // The states the filter offers: the usual ones, and any other a totem is in (outside hours).
  const presences = [
    ...PRESENCE_FILTERS,
    ...new Set(rows.map(presenceOf).filter((value) => !PRESENCE_FILTERS.includes(value))),
  ];
  const online = rows.filter((k) => k.state === 'online').length;
  // A totem never seen has no revision to be behind with.
  const behind = rows.filter(
    (k) => !k.upToDate && !k.aheadOfServer && presenceOf(k) !== 'never-seen',
  ).length;
  const progress = useMemo(() => progressByDevelopment(rows), [rows]);
  // The fleet spans developments: each totem's times in its own development's plant zone (Paris
  // until its settings answer, or when they cannot be read).
  const zoneOf = usePlantZones(rows.map((kiosk) => kiosk.devid));
  // Commands go to the totems of the developments the user may edit.
  const commandable = rows.filter((kiosk) => canCommand(user, kiosk.devid));
  const commandableGroups = groupsOf(commandable);

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
          {liveText(live)}
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
              {commandableGroups.length > 0 && (
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    setCommanding({
                      kind: 'fleet',
                      rows: commandable,
                      group: commandableGroups.includes(group) ? group : commandableGroups[0]!,
                    })
                  }
                >
                  Commande à un groupe…
                </button>
              )}
              {commandable.length > 0 && (
                <button
                  type="button"
                  className="button"
                  onClick={() => setCommanding({ kind: 'fleet', rows: commandable, group: '' })}
                >
                  Commande à tous les totems…
                </button>
              )}
              <button type="button" className="button" onClick={() => setPurging(true)}>
                Oublier les totems silencieux…
              </button>
            </div>
          )}
          {rows.length > 0 && (
            <div className="toolbar">
              <label className="dev-switcher">
                <span>État</span>
                <select
                  value={presence}
                  onChange={(event) => setPresence(event.target.value as TotemPresence | '')}
                >
                  <option value="">Tous les états</option>
                  {presences.map((value) => (
                    <option key={value} value={value}>
                      {PRESENCE_LABELS[value]}
                    </option>
                  ))}
                </select>
              </label>
              {groups.length > 0 && (
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
              )}
              {(group !== '' || presence !== '') && (
                <span className="muted" role="status">
                  {shown.length} {shown.length > 1 ? 'totems' : 'totem'}
                  {group !== '' && <> dans « {group} »</>}
                  {presence !== '' && <> à l’état « {PRESENCE_LABELS[presence]} »</>}
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
              <p className="muted">
                Aucun totem
                {presence !== '' && <> à l’état « {PRESENCE_LABELS[presence]} »</>}
                {group !== '' && <> dans le groupe « {group} »</>}.
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
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((kiosk) => (
                    <tr key={keyOf(kiosk)} className={kiosk.flag ? 'row-flagged' : undefined}>
                      <td data-label="Totem">
                        {/* The name and short id open the totem's page: « Sans nom » alone
                            would not say which. */}
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
                        {/* « silencieux » is the state's own word (its column): not said twice. */}
                        {kiosk.flag && kiosk.flag !== 'silent' && (
                          <span className="badge badge-flag" title={kiosk.flagMessage ?? undefined}>
                            ⚠ {FLAG_LABELS[kiosk.flag]}
                          </span>
                        )}
                        {kiosk.flagMessage && (
                          <span className="visually-hidden"> : {kiosk.flagMessage}</span>
                        )}
                      </td>
                      <td data-label="État">
                        <PresenceState
                          kiosk={kiosk}
                          timeZone={zoneOf(kiosk.devid)}
                          testId="fleet-presence"
                        />
                        {/* Under its state rather than a column of its own: the table
                            still fits a 1080 px screen. */}
                        <LastCommand
                          command={kiosk.lastCommand}
                          now={now}
                          timeZone={zoneOf(kiosk.devid)}
                        />
                      </td>
                      <td data-label="Contenu">
                        {/* A totem never seen is not behind: it has shown nothing yet. */}
                        {presenceOf(kiosk) !== 'never-seen' && (
                          <span className={`badge ${kiosk.upToDate ? 'badge-ok' : 'badge-warn'}`}>
                            {kiosk.upToDate
                              ? 'À jour'
                              : kiosk.aheadOfServer
                                ? 'En avance'
                                : 'En retard'}
                          </span>
                        )}
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
                      {/* The date and time may wrap: with the three actions, the table fits a
                          1080 px screen. */}
                      <td data-label="Dernière synchro">
                        {formatDate(kiosk.lastSyncAt, zoneOf(kiosk.devid))}
                      </td>
                      <td className="nowrap" data-label="Vu">
                        {seenText(kiosk, now, zoneOf(kiosk.devid))}
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
                        {canCommand(user, kiosk.devid) && (
                          <>
                            <button
                              type="button"
                              className="button button-small"
                              onClick={() => setCommanding({ kind: 'kiosk', kiosk })}
                              aria-label={`Commandes au totem ${labelOf(kiosk)}`}
                            >
                              Commandes…
                            </button>{' '}
                          </>
                        )}
                        {/* Its profile hangs on its first report (the server says so): until
                            then, nothing to edit. */}
                        {presenceOf(kiosk) !== 'never-seen' && (
                          <>
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
                          </>
                        )}
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
      {commanding && (
        <CommandDialog
          scope={commanding}
          onClose={() => setCommanding(null)}
          onSent={(message) => {
            setCommanding(null);
            setFailed(null);
            setSaved(message);
          }}
        />
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
