/**
 * The fleet: every totem the user may see, live (use-fleet-live.ts: the list from the SSE
 * channel's `fleet` event, then each `kiosk` event replaces one row).
 *
 * Which revision each totem shows (content-first sync, decision 019): "révision 14 — à jour",
 * "révision 12 — 2 de retard", or "révision 5012 — en avance sur le serveur (sauvegarde
 * restaurée ?)" for a totem holding revisions the server no longer has (`aheadOfServer`); and per
 * development, "38 / 40 totems sur la révision 61" — live,
 * since a publish sends every kiosk of the development again with the new published revision.
 * And whether it holds that revision's media (content-first sync, from its heartbeat): "· médias
 * complets", "· médias 38 / 40" (some given up until its next sync), "· médias 12 / 40 en
 * téléchargement"; nothing when the totem did not say (an older kiosk).
 *
 * Each totem by its name, with its place and groups (decision 038): the 8-character id stays,
 * secondary; « Modifier » opens its profile form, saved at once (no publish).
 *
 * Each totem's state in words (issue 48, presence-state.tsx): « En ligne », « Hors ligne — affiche
 * la révision 12 depuis le … », « Silencieux — aucune nouvelle depuis le … », « Jamais vu —
 * identifié le …, aucun rapport depuis » (a totem that logged in and never reported), in the plant's
 * zone.
 *
 * A grid of cards (issue 48, fleet-card.tsx), each led by the totem's latest thumbnail — what its
 * screen showed, and when — which the live channel replaces as soon as a new one arrives. The grid
 * is narrowed by group and by state together; both choices are kept in the address's query
 * (`?group=…&state=…`), so that a link shares the view.
 *
 * Remote commands (issue 47): « Commandes… » on a card, « Commande à un groupe… » and « Commande à
 * tous les totems… » above the list (command-dialog.tsx), for the totems the user may edit; each
 * card shows its last command's state live (the channel carries it). A totem's name opens its page
 * (kiosk-page.tsx): its status, its thumbnails and its commands' history.
 */
import {
  PRESENCE_LABELS,
  presenceOf,
  type KioskStatus,
  type TotemPresence,
} from '@plant-kiosk/contract';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { usePlantZones } from '../../lib/plant-zone';
import { useOptionalUser } from '../../lib/session/session-context';
import { Notice } from '../../components/notice';
import { CommandDialog, type CommandScope } from './command-dialog';
import { canCommand } from './command-text';
import { FleetCard, kioskPath } from './fleet-card';
import { groupsOf } from './fleet-groups';
import { KioskProfileForm } from './kiosk-profile-form';
import { PRESENCE_FILTERS } from './kiosk-status-text';
import { keyOf, liveText, useFleetLive } from './use-fleet-live';
import './fleet.css';

export { groupsOf, kioskPath };

/** The filters' query parameters: a link to `/parc?group=Accueil&state=silent` shares the view. */
export const FILTER_PARAMS = { group: 'group', state: 'state' } as const;

// From the labels, a plain record: the schema would bring TypeBox into the production bundle.
const isPresence = (value: string): value is TotemPresence =>
  Object.prototype.hasOwnProperty.call(PRESENCE_LABELS, value);

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
  // The filters live in the address ('' or absent: every totem); a state the contract does not
  // know (an old or mistyped link) filters nothing.
  const [search, setSearch] = useSearchParams();
  const group = search.get(FILTER_PARAMS.group) ?? '';
  const stateParam = search.get(FILTER_PARAMS.state) ?? '';
  const presence: TotemPresence | '' = isPresence(stateParam) ? stateParam : '';
  const setFilter = (name: keyof typeof FILTER_PARAMS, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(FILTER_PARAMS[name]);
        else next.set(FILTER_PARAMS[name], value);
        return next;
      },
      // Each choice replaces the address: « Retour » leaves the page rather than undo a filter.
      { replace: true },
    );

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
  const known = useMemo(() => groupsOf(rows), [rows]);
  // A group named by the address but no totem's (yet, or any more) stays a choice: the select must
  // show what filters the list.
  const groups = group === '' || known.includes(group) ? known : [...known, group];
  const shown = rows.filter(
    (kiosk) =>
      (group === '' || kiosk.groups?.includes(group)) &&
      (presence === '' || presenceOf(kiosk) === presence),
  );
  // The states the filter offers: the usual ones, any other a totem is in (outside hours), and
  // the one the address names.
  const presences = [
    ...new Set([
      ...PRESENCE_FILTERS,
      ...rows.map(presenceOf),
      ...(presence === '' ? [] : [presence]),
    ]),
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
                  onChange={(event) => setFilter('state', event.target.value)}
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
                  <select
                    value={group}
                    onChange={(event) => setFilter('group', event.target.value)}
                  >
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
          {rows.length === 0 ? (
            <div className="card">
              <p className="muted">
                Aucun totem ne s’est encore signalé. Ils apparaissent ici dès leur connexion.
              </p>
            </div>
          ) : shown.length === 0 ? (
            <div className="card">
              <p className="muted">
                Aucun totem
                {presence !== '' && <> à l’état « {PRESENCE_LABELS[presence]} »</>}
                {group !== '' && <> dans le groupe « {group} »</>}.
              </p>
            </div>
          ) : (
            <ul className="fleet-grid" aria-label="Totems">
              {shown.map((kiosk) => (
                <FleetCard
                  key={keyOf(kiosk)}
                  kiosk={kiosk}
                  now={now}
                  timeZone={zoneOf(kiosk.devid)}
                  actions={
                    <>
                      {canCommand(user, kiosk.devid) && (
                        <button
                          type="button"
                          className="button button-small"
                          onClick={() => setCommanding({ kind: 'kiosk', kiosk })}
                          aria-label={`Commandes au totem ${labelOf(kiosk)}`}
                        >
                          Commandes…
                        </button>
                      )}
                      {/* Its profile hangs on its first report (the server says so): until
                          then, nothing to edit. */}
                      {presenceOf(kiosk) !== 'never-seen' && (
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
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button-small button-danger-outline"
                        onClick={() => setForgetting(kiosk)}
                        aria-label={`Oublier le totem ${labelOf(kiosk)}`}
                      >
                        Oublier
                      </button>
                    </>
                  }
                />
              ))}
            </ul>
          )}
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
