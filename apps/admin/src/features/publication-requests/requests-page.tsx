/**
 * « Demandes de publication » (issue 51, part 2; decision 048): four-eyes publishing seen by the
 * people who decide. The requests waiting come first, each with what it publishes (the whole
 * draft, one zone, or a return to a revision), who asked and when, and when it would go live;
 * « Examiner » shows its changes, whether the draft changed since (its approval would then be
 * refused) and its preview on the totem. Someone else who may publish approves it (with an
 * optional comment) or refuses it (with a required one); its author, or a publisher, withdraws it.
 * Below, the last ones decided, with who decided, what they said and what came of it.
 *
 * The server enforces all of this (an author deciding their own request gets a 403): the page only
 * offers what would be accepted. While a request waits the list asks again every few seconds, so
 * a decision taken elsewhere shows without a reload.
 */
import {
  REQUEST_STATE_LABELS,
  formatPlantInstant,
  plantZoneLabel,
  type AdminDevelopment,
  type PublicationRequest,
  type RequestState,
} from '@plant-kiosk/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { DevelopmentGate } from '../../components/development-gate';
import { TextAreaField } from '../../components/field';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { ApiError, call, errorMessage } from '../../lib/api/client';
import { notifyDraftChanged, useDraftChanged } from '../../lib/draft-events';
import { useUser } from '../../lib/session/session-context';
import { usePollWhile } from '../../lib/use-poll-while';
import { useResource } from '../../lib/use-resource';
import { previewPagePath } from '../preview';
import { ChangeList, indexMedia, useCanPublish, type MediaIndex } from '../revisions';
import { scheduledPath, usePlantTimeZone } from '../scheduled';
import './requests.css';

/** How often the list asks again while a request waits (a decision may be taken elsewhere). */
const POLL_MS = 10_000;

/** The longest comment the server takes (ReviewRequest, RefuseRequest). */
const COMMENT_MAX = 500;

export function RequestsPage() {
  return (
    <DevelopmentGate base="/demandes">
      {(development, switcher) => (
        <Requests key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

type Action = { kind: 'approve' | 'refuse' | 'withdraw'; item: PublicationRequest };

function Requests({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  const user = useUser();
  const mayPublish = useCanPublish();
  const list = useResource(
    () => call('adminPublicationRequests', { params: { devid } }),
    `publication-requests-${devid}`,
  );
  const zones = useResource(() => call('adminZones', { params: { devid } }), `zones-${devid}`);
  const zone = usePlantTimeZone(devid);
  const [examined, setExamined] = useState<ReadonlySet<number>>(() => new Set());
  // The media library only names the images of the changes shown: read once something is examined.
  const examining = examined.size > 0;
  const media = useResource(
    examining ? () => call('adminMedia', { params: { devid } }) : null,
    `media-${devid}-${examining}`,
  );
  useDraftChanged(list.reload);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [acting, setActing] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);

  // Each answer of the list is a new « stamp »: the open details read again with it, so their
  // « changed since » warning follows the draft while the reviewer reads.
  const [stamp, setStamp] = useState(0);
  useEffect(() => {
    if (list.data) setStamp((value) => value + 1);
  }, [list.data]);

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const waiting = items.filter((item) => item.state === 'requested');
  const decided = items.filter((item) => item.state !== 'requested');
  const someoneWaits = waiting.length > 0;
  usePollWhile(someoneWaits, list.reload, POLL_MS);

  const zoneNames = useMemo(
    () => new Map((zones.data ?? []).map((row) => [row.zoneid, row.zonename] as const)),
    [zones.data],
  );
  const mediaIndex = useMemo(() => indexMedia(media.data), [media.data]);

  const toggle = (id: number) =>
    setExamined((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Runs one decision, then says what came of it and reads the list again, success or not. */
  const decide = async (
    action: Action,
    run: () => Promise<PublicationRequest>,
    said: (done: PublicationRequest) => string,
    failed: (failure: unknown) => string,
  ) => {
    setBusy(true);
    try {
      const done = await run();
      setResult({ ok: true, text: said(done) });
      if (action.kind === 'approve') notifyDraftChanged();
    } catch (failure) {
      setResult({ ok: false, text: failed(failure) });
    } finally {
      setBusy(false);
      setActing(null);
      list.reload();
    }
  };

  const timeZone = zone.timeZone;
  const params = (item: PublicationRequest) => ({ devid, setid: item.id });

  const approve = (item: PublicationRequest, comment: string, tz: string) => {
    const said = comment.trim();
    return decide(
      { kind: 'approve', item },
      () =>
        call('adminApprovePublicationRequest', {
          params: params(item),
          body: said ? { comment: said } : {},
        }),
      (done) => `Demande ${quoted(done.note)} approuvée. ${outcomeText(done, tz)}.`,
      (failure) =>
        // Changed since: the server's message names what changed and what to do, as it is.
        changedSinceOf(failure)
          ? errorMessage(failure)
          : `L’approbation a échoué : ${errorMessage(failure)}`,
    );
  };

  const refuse = (item: PublicationRequest, comment: string) =>
    decide(
      { kind: 'refuse', item },
      () =>
        call('adminRefusePublicationRequest', {
          params: params(item),
          body: { comment: comment.trim() },
        }),
      (done) =>
        `Demande ${quoted(done.note)} refusée : ses modifications restent dans le brouillon.`,
      (failure) => `Le refus a échoué : ${errorMessage(failure)}`,
    );

  const withdraw = (item: PublicationRequest) =>
    decide(
      { kind: 'withdraw', item },
      () => call('adminWithdrawPublicationRequest', { params: params(item) }),
      (done) =>
        `Demande ${quoted(done.note)} retirée : ses modifications restent dans le brouillon.`,
      (failure) => `Le retrait a échoué : ${errorMessage(failure)}`,
    );

  const isAuthor = (item: PublicationRequest) =>
    item.author.kind === 'user' && item.author.userid === user.userid;

  return (
    <Page
      title="Demandes de publication"
      actions={
        <>
          {switcher}
          <Link className="button" to={`/modifications/${devid}`}>
            Modifications non publiées
          </Link>
          <Link className="button" to={scheduledPath(devid)}>
            Modifications programmées
          </Link>
        </>
      }
    >
      <div className="stack">
        {result && (
          <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
            {result.text}
          </Notice>
        )}
        {((list.loading && !list.data) || (!timeZone && !zone.error)) && <Loading />}
        {list.error && <LoadError message={list.error} onRetry={list.reload} />}
        {zone.error && (
          <LoadError
            message={`Le fuseau horaire du site n’a pas pu être lu : ${zone.error}`}
            onRetry={zone.reload}
          />
        )}
        {list.data && timeZone && (
          <>
            <p className="requests-rule">
              {list.data.fourEyes.enabled
                ? 'Chaque publication de ce développement doit être approuvée par une autre personne.'
                : 'Ce développement n’exige pas d’approbation : qui peut publier publie directement, sans demande. Les demandes passées restent listées ici.'}
            </p>
            <p className="muted">
              Les heures sont celles du site ({plantZoneLabel(timeZone)}), quel que soit le fuseau
              de cet ordinateur.
            </p>
            {waiting.length === 0 ? (
              <div className="card empty-state">
                <h2>Aucune demande en attente</h2>
                <p>Aucune publication n’attend d’approbation dans ce développement.</p>
              </div>
            ) : (
              <section aria-labelledby="requests-waiting" className="stack">
                <h2 id="requests-waiting">En attente ({waiting.length})</h2>
                <ul className="request-list">
                  {waiting.map((item) => (
                    <WaitingRequest
                      key={item.id}
                      item={item}
                      devid={devid}
                      timeZone={timeZone}
                      zoneNames={zoneNames}
                      isAuthor={isAuthor(item)}
                      mayPublish={mayPublish}
                      open={examined.has(item.id)}
                      onExamine={() => toggle(item.id)}
                      stamp={stamp}
                      media={mediaIndex}
                      onAct={(kind) => setActing({ kind, item })}
                    />
                  ))}
                </ul>
              </section>
            )}
            {decided.length > 0 && (
              <section aria-labelledby="requests-decided" className="stack">
                <h2 id="requests-decided">Décidées récemment</h2>
                <ul className="request-list">
                  {decided.map((item) => (
                    <DecidedRequest
                      key={item.id}
                      item={item}
                      devid={devid}
                      timeZone={timeZone}
                      zoneNames={zoneNames}
                    />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
      {acting?.kind === 'approve' && timeZone && (
        <ApproveDialog
          item={acting.item}
          timeZone={timeZone}
          zoneNames={zoneNames}
          busy={busy}
          onCancel={() => setActing(null)}
          onConfirm={(comment) => void approve(acting.item, comment, timeZone)}
        />
      )}
      {acting?.kind === 'refuse' && (
        <RefuseDialog
          item={acting.item}
          busy={busy}
          onCancel={() => setActing(null)}
          onConfirm={(comment) => void refuse(acting.item, comment)}
        />
      )}
      {acting?.kind === 'withdraw' && (
        <ConfirmDialog
          title={`Retirer la demande ${quoted(acting.item.note)} ?`}
          confirmLabel={busy ? 'Retrait…' : 'Oui, retirer la demande'}
          busy={busy}
          onConfirm={() => void withdraw(acting.item)}
          onCancel={() => setActing(null)}
        >
          <p>
            Elle ne sera ni approuvée ni publiée. Ses modifications ({acting.item.summary}) restent
            dans les modifications non publiées : une nouvelle demande pourra les reprendre.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function WaitingRequest({
  item,
  devid,
  timeZone,
  zoneNames,
  isAuthor,
  mayPublish,
  open,
  onExamine,
  stamp,
  media,
  onAct,
}: {
  item: PublicationRequest;
  devid: number;
  timeZone: string;
  zoneNames: ReadonlyMap<number, string>;
  isAuthor: boolean;
  mayPublish: boolean;
  open: boolean;
  onExamine: () => void;
  stamp: number;
  media: MediaIndex;
  onAct: (kind: Action['kind']) => void;
}) {
  const headingId = `request-${item.id}`;
  const detailId = `request-${item.id}-detail`;
  const name = quoted(item.note);
  return (
    <li className="card request-item" aria-labelledby={headingId}>
      <div className="request-head">
        <h3 id={headingId}>{noteOf(item)}</h3>
        <span className="badge badge-muted">{REQUEST_STATE_LABELS[item.state]}</span>
      </div>
      <dl className="request-facts">
        <div>
          <dt>Demande</dt>
          <dd>{kindText(item, zoneNames)}</dd>
        </div>
        <div>
          <dt>Demandée par</dt>
          <dd>
            {authorText(item.author)}, {formatPlantInstant(item.createdAt, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Mise en ligne</dt>
          <dd>
            {item.at
              ? `à publier le ${formatPlantInstant(item.at, timeZone)}`
              : 'dès son approbation'}
          </dd>
        </div>
        <div>
          <dt>Changements</dt>
          <dd>{item.summary}</dd>
        </div>
      </dl>
      {isAuthor ? (
        <p className="muted">Une autre personne qui peut publier doit l’approuver.</p>
      ) : (
        !mayPublish && (
          <p className="muted">
            Une personne qui peut publier doit l’approuver ; vous pouvez l’examiner.
          </p>
        )
      )}
      <div className="inline-actions">
        <button
          type="button"
          className="button button-small"
          aria-expanded={open}
          aria-controls={open ? detailId : undefined}
          aria-label={`Examiner la demande ${name}`}
          onClick={onExamine}
        >
          Examiner
        </button>
        {mayPublish && !isAuthor && (
          <>
            <button
              type="button"
              className="button button-small button-publish"
              aria-label={`Approuver la demande ${name}…`}
              onClick={() => onAct('approve')}
            >
              Approuver…
            </button>
            <button
              type="button"
              className="button button-small button-danger-outline"
              aria-label={`Refuser la demande ${name}…`}
              onClick={() => onAct('refuse')}
            >
              Refuser…
            </button>
          </>
        )}
        {(isAuthor || mayPublish) && (
          <button
            type="button"
            className="button button-small button-danger-outline"
            aria-label={`Retirer la demande ${name}`}
            onClick={() => onAct('withdraw')}
          >
            Retirer la demande
          </button>
        )}
      </div>
      {open && (
        <RequestDetail id={detailId} item={item} devid={devid} stamp={stamp} media={media} />
      )}
    </li>
  );
}

/** What the reviewer reads before deciding: the changes, what changed since, the preview. */
function RequestDetail({
  id,
  item,
  devid,
  stamp,
  media,
}: {
  id: string;
  item: PublicationRequest;
  devid: number;
  stamp: number;
  media: MediaIndex;
}) {
  const detail = useResource(
    () => call('adminPublicationRequest', { params: { devid, setid: item.id } }),
    `publication-request-${devid}-${item.id}-${stamp}`,
  );
  const changedSince = detail.data?.changedSince ?? [];
  return (
    <section
      id={id}
      className="request-detail stack"
      aria-label={`Modifications de la demande ${quoted(item.note)}`}
    >
      {detail.loading && !detail.data && <Loading label="Chargement des modifications…" />}
      {detail.error && <LoadError message={detail.error} onRetry={detail.reload} />}
      {detail.data && (
        <>
          {changedSince.length > 0 && (
            <Notice tone="warning">
              Le brouillon a changé depuis la demande : {changedSince.join(', ')} — l’approbation
              sera refusée ; demandez à son auteur d’en refaire une.
            </Notice>
          )}
          <div className="inline-actions">
            {/* Live plus this request's set: what the totems would show once it is approved. */}
            <Link className="button button-small" to={previewPagePath(devid, { set: item.id })}>
              Aperçu sur la borne
              <span className="visually-hidden"> (demande {quoted(item.note)})</span>
            </Link>
          </div>
          {detail.data.changes.length === 0 ? (
            <p className="muted">
              Aucune modification : tout ce qu’elle apporte est déjà en ligne.
            </p>
          ) : (
            <ChangeList changes={detail.data.changes} media={media} headingLevel={4} />
          )}
        </>
      )}
    </section>
  );
}

function DecidedRequest({
  item,
  devid,
  timeZone,
  zoneNames,
}: {
  item: PublicationRequest;
  devid: number;
  timeZone: string;
  zoneNames: ReadonlyMap<number, string>;
}) {
  const headingId = `request-${item.id}`;
  const outcome = item.outcome;
  return (
    <li className={`card request-item request-${item.state}`} aria-labelledby={headingId}>
      <div className="request-head">
        <h3 id={headingId}>{noteOf(item)}</h3>
        <span className={`badge ${BADGES[item.state]}`}>{REQUEST_STATE_LABELS[item.state]}</span>
      </div>
      {outcome?.status === 'held' && (
        <Notice tone="warning">
          <strong>Retenue :</strong> {outcome.heldReason ?? 'à son heure, elle n’a pas pu partir.'}
        </Notice>
      )}
      <dl className="request-facts">
        <div>
          <dt>Demande</dt>
          <dd>{kindText(item, zoneNames)}</dd>
        </div>
        <div>
          <dt>Demandée par</dt>
          <dd>
            {authorText(item.author)}, {formatPlantInstant(item.createdAt, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Décision</dt>
          <dd>{decisionText(item, timeZone)}</dd>
        </div>
        {item.comment && (
          <div>
            <dt>Commentaire</dt>
            <dd>{item.comment}</dd>
          </div>
        )}
        {outcome && outcome.status !== 'held' && (
          <div>
            <dt>Résultat</dt>
            <dd>
              {outcome.status === 'published' && outcome.revision !== null ? (
                <Link to={`/historique/${devid}`}>{outcomeText(item, timeZone)}</Link>
              ) : outcome.status === 'scheduled' ? (
                <Link to={scheduledPath(devid)}>{outcomeText(item, timeZone)}</Link>
              ) : (
                outcomeText(item, timeZone)
              )}
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

const BADGES: Record<RequestState, string> = {
  requested: 'badge-muted',
  approved: 'badge-ok',
  refused: 'badge-warn',
  superseded: 'badge-off',
  withdrawn: 'badge-off',
};

function ApproveDialog({
  item,
  timeZone,
  zoneNames,
  busy,
  onCancel,
  onConfirm,
}: {
  item: PublicationRequest;
  timeZone: string;
  zoneNames: ReadonlyMap<number, string>;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  // As the server decides: a time still ahead makes it a scheduled publication; a time already
  // past (the request waited too long) and a return to a revision publish at once.
  const later = item.kind === 'publish' && item.at !== null && Date.parse(item.at) > Date.now();
  const past = item.kind === 'publish' && item.at !== null && !later;
  return (
    <Dialog
      title={`Approuver la demande ${quoted(item.note)} ?`}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Annuler
          </button>
          <button
            type="button"
            className="button button-publish"
            onClick={() => onConfirm(comment)}
            disabled={busy}
          >
            {busy ? 'Approbation…' : later ? 'Approuver et programmer' : 'Approuver et publier'}
          </button>
        </>
      }
    >
      <div className="stack">
        <p>
          {kindText(item, zoneNames)} ({item.summary}), demandée par {authorText(item.author)}.
        </p>
        <p>
          {later && item.at
            ? `Approuvée, elle partira sur les totems à l’heure demandée : ${formatPlantInstant(item.at, timeZone)}.`
            : past && item.at
              ? `L’heure demandée (${formatPlantInstant(item.at, timeZone)}) est passée : approuvée, elle part sur les totems tout de suite.`
              : 'Approuvée, elle part sur les totems tout de suite.'}{' '}
          Ce qui sera publié est exactement ce qui a été demandé ; si le brouillon a changé depuis,
          l’approbation sera refusée.
        </p>
        <TextAreaField
          label="Commentaire (facultatif)"
          hint="Son auteur le lira dans la liste des demandes."
          value={comment}
          maxLength={COMMENT_MAX}
          rows={3}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

function RefuseDialog({
  item,
  busy,
  onCancel,
  onConfirm,
}: {
  item: PublicationRequest;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  const ready = comment.trim().length > 0;
  return (
    <Dialog
      title={`Refuser la demande ${quoted(item.note)} ?`}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Annuler
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => onConfirm(comment)}
            disabled={busy || !ready}
          >
            {busy ? 'Refus…' : 'Refuser la demande'}
          </button>
        </>
      }
    >
      <div className="stack">
        <p>
          Rien ne sera publié. Ses modifications ({item.summary}) restent dans les modifications non
          publiées.
        </p>
        <TextAreaField
          label="Motif du refus (obligatoire)"
          hint="Dites à son auteur ce qui ne va pas : il le lira dans la liste des demandes."
          value={comment}
          required
          maxLength={COMMENT_MAX}
          rows={3}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

/** « « Menu semaine 49 » », the way a request is named in a sentence or a button. */
const quoted = (note: string) => `« ${note.trim() || 'sans note'} »`;

const noteOf = (item: PublicationRequest) => item.note.trim() || 'Demande sans note';

/** What it asks: the whole draft, one zone's changes, or a return to an earlier revision. */
function kindText(item: PublicationRequest, zoneNames: ReadonlyMap<number, string>): string {
  if (item.kind === 'rollback') {
    return item.rollbackTo !== null
      ? `Retour à la révision ${item.rollbackTo}`
      : 'Retour à une révision précédente';
  }
  if (item.zoneid === null) return 'Publication de tout le brouillon';
  const name = zoneNames.get(item.zoneid);
  return name ? `Publication de la zone « ${name} »` : `Publication de la zone n° ${item.zoneid}`;
}

/** Who asked, as the history names a revision's author. */
function authorText(author: PublicationRequest['author']): string {
  if (author.kind === 'user') return author.name ?? 'Utilisateur supprimé';
  if (author.kind === 'cli') return 'Ligne de commande';
  if (author.kind === 'api') return 'Intégration (jeton de publication)';
  return 'Système';
}

const DECISION_VERBS: Record<RequestState, string> = {
  requested: 'En attente',
  approved: 'Approuvée',
  refused: 'Refusée',
  superseded: 'Remplacée',
  withdrawn: 'Retirée',
};

/** « Refusée par dominique, lundi 30 novembre à 09:12 (heure de Paris) ». */
function decisionText(item: PublicationRequest, timeZone: string): string {
  const by = item.reviewer ? ` par ${item.reviewer.name ?? 'un utilisateur supprimé'}` : '';
  const when = item.reviewedAt ? `, ${formatPlantInstant(item.reviewedAt, timeZone)}` : '';
  return `${DECISION_VERBS[item.state]}${by}${when}`;
}

/** What came of an approval, in plain words (no final period). */
function outcomeText(item: PublicationRequest, timeZone: string): string {
  const outcome = item.outcome;
  if (!outcome) return 'Approuvée';
  switch (outcome.status) {
    case 'published':
      return outcome.revision !== null
        ? `Publiée : révision ${outcome.revision}`
        : 'Rien à publier : tout ce qu’elle apportait était déjà en ligne';
    case 'scheduled':
      return outcome.at
        ? `Programmée pour ${formatPlantInstant(outcome.at, timeZone)}`
        : 'Programmée';
    case 'held':
      return `Retenue à son heure${outcome.heldReason ? ` : ${outcome.heldReason}` : ''}`;
    case 'cancelled':
      return 'Programmée, puis annulée : rien n’est parti';
  }
}

/** The items a 409 says changed since the request (data.changedSince), or null. */
function changedSinceOf(failure: unknown): string[] | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const data = failure.data as { changedSince?: unknown } | null;
  return Array.isArray(data?.changedSince) ? (data.changedSince as string[]) : null;
}
