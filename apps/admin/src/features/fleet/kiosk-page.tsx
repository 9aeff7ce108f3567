/**
 * A totem's own page, `/parc/:devid/:kioskId` (issue 47): its name, place, groups and note, its
 * status as the fleet's live channel tells it (its state in words, issue 48: presence-state.tsx),
 * its latest thumbnails and « Prendre une vignette maintenant » (issue 48: kiosk-thumbnails.tsx),
 * and the history of the remote commands sent to it (`adminKioskCommands`, newest first) — read
 * again when the channel says the totem changed (an acknowledgement changes its last command) and
 * every 15 s (a command expiring changes nothing on the totem). « Commandes… » sends one more, as on the fleet page.
 *
 * The journal cannot be read for one totem (the audit API filters by development only, and an
 * entry's target is a number, not a totem's id): the page says so and links to the journal.
 */
import { presenceOf, type KioskCommandList, type KioskStatus } from '@plant-kiosk/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadError, Loading, Page } from '../../components/page';
import { Notice } from '../../components/notice';
import { call, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { useOptionalUser } from '../../lib/session/session-context';
import { CommandDialog } from './command-dialog';
import { canCommand, commandLabel, seenText, since, stateBadge, stateLabel } from './command-text';
import { KioskMuteControl } from '../health';
import { KioskPlanMarksEditor } from './kiosk-plan-marks-editor';
import { KioskThumbnails } from './kiosk-thumbnails';
import { FLAG_LABELS, mediaText, modeText, revisionText } from './kiosk-status-text';
import { PresenceState } from './presence-state';
import { keyOf, liveText, useFleetLive } from './use-fleet-live';
import './fleet.css';

/** How often the history is read again without news from the channel. */
export const HISTORY_REFRESH_MS = 15_000;
const HISTORY_LIMIT = 50;

export function KioskPage() {
  const params = useParams();
  const devid = Number(params.devid);
  const kioskId = params.kioskId ?? '';
  const valid = Number.isInteger(devid) && devid > 0 && kioskId !== '';
  return valid ? (
    <KioskView devid={devid} kioskId={kioskId} />
  ) : (
    <Page title="Totem">
      <Notice tone="error">Adresse de totem invalide.</Notice>
      <BackLink />
    </Page>
  );
}

function BackLink() {
  return (
    <p className="kiosk-back">
      <Link to="/parc">← Parc de totems</Link>
    </p>
  );
}

function KioskView({ devid, kioskId }: { devid: number; kioskId: string }) {
  const { kiosks, error, live } = useFleetLive(devid);
  const kiosk = kiosks?.get(keyOf({ devid, kioskId })) ?? null;
  const { timeZone } = usePlantZone(devid);
  const user = useOptionalUser();
  const [now, setNow] = useState(() => Date.now());
  const [commands, setCommands] = useState<KioskCommandList | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [commanding, setCommanding] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const readHistory = useCallback(
    () =>
      call('adminKioskCommands', { params: { devid }, query: { kioskId, limit: HISTORY_LIMIT } })
        .then((list) => {
          setCommands(list);
          setHistoryError(null);
        })
        .catch((failure: unknown) => setHistoryError(errorMessage(failure))),
    [devid, kioskId],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      void readHistory();
    }, HISTORY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [readHistory]);

  // Each change the channel brings for this totem (a new row object) reads the history again.
  useEffect(() => {
    void readHistory();
  }, [readHistory, kiosk]);

  const label = kiosk?.name ?? `Totem ${kioskId.slice(0, 8)}`;
  return (
    <Page
      title={label}
      actions={
        <>
          <span className={`live live-${live}`} role="status">
            {liveText(live)}
          </span>
          {kiosk && canCommand(user, devid) && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setSent(null);
                setCommanding(true);
              }}
            >
              Commandes…
            </button>
          )}
        </>
      }
    >
      <BackLink />
      {error && <LoadError message={error} />}
      {!kiosks && !error && <Loading />}
      {sent && (
        <Notice tone="success" onClose={() => setSent(null)}>
          {sent}
        </Notice>
      )}
      {kiosks && !kiosk && (
        <Notice tone="warning">
          Ce totem n’est pas dans le parc : il a été oublié, ou il appartient à un développement que
          vous ne pouvez pas voir.
        </Notice>
      )}
      {kiosk && <KioskFacts kiosk={kiosk} now={now} timeZone={timeZone} />}
      {/* « What is that screen showing right now? » (issue 48), under its state. */}
      {kiosk && (
        <KioskThumbnails
          kiosk={kiosk}
          history={commands}
          canRequest={canCommand(user, devid)}
          timeZone={timeZone}
          now={now}
          onRequested={(batch) => setCommands((known) => [...batch.commands, ...(known ?? [])])}
        />
      )}
      {/* Health messages (issue 48): a mute for planned work. */}
      {kiosk && canCommand(user, devid) && (
        <section className="card kiosk-section" aria-labelledby="kiosk-health-title">
          <h2 id="kiosk-health-title">Messages de santé</h2>
          <KioskMuteControl devid={devid} kioskId={kioskId} timeZone={timeZone} />
        </section>
      )}
      {/* « Vous êtes ici » (issue 47): the totem's points on the site plan, between its status
          and its commands. */}
      {kiosk && (
        <KioskPlanMarksEditor devid={devid} kioskId={kioskId} canEdit={canCommand(user, devid)} />
      )}
      <section className="card kiosk-section" aria-labelledby="kiosk-commands-title">
        <h2 id="kiosk-commands-title">Commandes</h2>
        {historyError && <LoadError message={historyError} onRetry={() => void readHistory()} />}
        {!commands && !historyError && <Loading />}
        {commands && <CommandHistory commands={commands} now={now} timeZone={timeZone} />}
      </section>
      <section className="card kiosk-section" aria-labelledby="kiosk-journal-title">
        <h2 id="kiosk-journal-title">Journal</h2>
        <p className="muted">
          Le journal ne se lit pas encore totem par totem : les commandes envoyées et les
          modifications de ce totem y figurent parmi celles de son développement.{' '}
          <Link to="/journal" className="kiosk-link">
            Ouvrir le journal
          </Link>
        </p>
      </section>
      {commanding && kiosk && (
        <CommandDialog
          scope={{ kind: 'kiosk', kiosk }}
          onClose={() => setCommanding(false)}
          onSent={(message, batch) => {
            setCommanding(false);
            setSent(message);
            // Shown at once, before the next read.
            setCommands((known) => [...batch.commands, ...(known ?? [])]);
          }}
        />
      )}
    </Page>
  );
}

function KioskFacts({
  kiosk,
  now,
  timeZone,
}: {
  kiosk: KioskStatus;
  now: number;
  timeZone: string;
}) {
  const media = kiosk.contentVersion === null ? null : mediaText(kiosk.media);
  return (
    <section className="card kiosk-section" aria-labelledby="kiosk-status-title">
      <h2 id="kiosk-status-title">État</h2>
      <dl className="kiosk-facts">
        <div>
          <dt>Lieu</dt>
          <dd data-testid="kiosk-location">{kiosk.location ?? '—'}</dd>
        </div>
        <div>
          <dt>Groupes</dt>
          <dd>
            {(kiosk.groups?.length ?? 0) === 0
              ? '—'
              : kiosk.groups?.map((name) => (
                  <span key={name} className="badge badge-muted">
                    {name}
                  </span>
                ))}
          </dd>
        </div>
        <div>
          <dt>Note</dt>
          <dd>{kiosk.note ?? '—'}</dd>
        </div>
        <div>
          <dt>Identifiant</dt>
          <dd className="mono">{kiosk.kioskId}</dd>
        </div>
        <div>
          <dt>Développement</dt>
          <dd>{kiosk.devname}</dd>
        </div>
        <div>
          <dt>État</dt>
          <dd data-testid="kiosk-state">
            <PresenceState kiosk={kiosk} timeZone={timeZone} />
            {/* « silencieux » is the state's own word: the flag's message says for how long. */}
            {kiosk.flag && kiosk.flag !== 'silent' && (
              <span className="badge badge-flag">⚠ {FLAG_LABELS[kiosk.flag]}</span>
            )}
            {kiosk.flagMessage && <span className="kiosk-flag small">{kiosk.flagMessage}</span>}
          </dd>
        </div>
        <div>
          <dt>Contenu</dt>
          <dd data-testid="kiosk-revision">
            {revisionText(kiosk)}
            {media !== null && <> · {media}</>}
          </dd>
        </div>
        <div>
          <dt>Mode</dt>
          <dd>{modeText(kiosk)}</dd>
        </div>
        <div>
          <dt>Vu</dt>
          <dd>
            {seenText(kiosk, now, timeZone)}
            {presenceOf(kiosk) !== 'never-seen' && presenceOf(kiosk) !== 'online' && (
              <span className="muted small">
                {' '}
                (dernier signe : {formatDate(kiosk.lastSeenAt, timeZone)})
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Dernière synchro</dt>
          <dd>{formatDate(kiosk.lastSyncAt, timeZone)}</dd>
        </div>
        <div>
          <dt>Version de l’app</dt>
          <dd>{kiosk.appVersion ?? '—'}</dd>
        </div>
        {kiosk.lastError && (
          <div>
            <dt>Dernière erreur</dt>
            <dd className="error-cell">{kiosk.lastError}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function CommandHistory({
  commands,
  now,
  timeZone,
}: {
  commands: KioskCommandList;
  now: number;
  timeZone: string;
}) {
  if (commands.length === 0) {
    return <p className="muted">Aucune commande envoyée à ce totem.</p>;
  }
  return (
    <div className="table-scroll">
      <table className="table table-compact table-stack">
        <caption className="visually-hidden">Commandes envoyées à ce totem</caption>
        <thead>
          <tr>
            <th scope="col">Commande</th>
            <th scope="col">État</th>
            <th scope="col">Envoyée</th>
            <th scope="col">Par</th>
            <th scope="col">Expire</th>
          </tr>
        </thead>
        <tbody>
          {commands.map((command) => (
            <tr key={command.commandId} data-testid="kiosk-command">
              <td data-label="Commande">{commandLabel(command.kind, command.mode)}</td>
              <td data-label="État">
                <span className={stateBadge(command.state)}>{stateLabel(command.state)}</span>
                {command.reason && <span className="small"> : {command.reason}</span>}
                {command.ackedAt && (
                  <span className="muted small"> {since(command.ackedAt, now, timeZone)}</span>
                )}
              </td>
              <td className="nowrap" data-label="Envoyée">
                {formatDate(command.createdAt, timeZone)}
              </td>
              <td data-label="Par">{command.createdBy ?? '—'}</td>
              <td className="nowrap" data-label="Expire">
                {formatDate(command.expiresAt, timeZone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
