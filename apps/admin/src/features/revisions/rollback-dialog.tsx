/**
 * "Revenir à cette version" (rollback and publish checks, decision 014): says what will change on
 * the totems now — what they show today against revision K's content, item by item as
 * "Modifications non publiées" lists the draft (the server's rollback preview) — asks for
 * confirmation, then publishes revision K's content again as a new revision. When the draft has unpublished
 * changes the server refuses (409): the dialog then offers to discard them and roll back, or to
 * cancel. A refusal by the publish checks lists the problems like the publish dialog does.
 *
 * Under four-eyes publishing (issue 51, decision 048) the return is asked for, with a note, and
 * someone else who may publish approves it; an admin may return without approval, with a reason.
 */
import {
  BYPASS_REASON_MIN,
  type PublishProblem,
  type RevisionEntry,
  type RollbackPreview,
  type RollbackResponse,
} from '@plant-kiosk/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { LoadError, Loading } from '../../components/page';
import { ApiError, call, errorMessage } from '../../lib/api/client';
import { notifyDraftChanged } from '../../lib/draft-events';
import { useOptionalUser } from '../../lib/session/session-context';
import { useResource } from '../../lib/use-resource';
import { BypassFields } from './bypass-fields';
import { refusedByFourEyes, requestsPagePath, useFourEyes } from './four-eyes';
import { ChangeList, type MediaIndex } from './change-list';
import { ProblemList, refusedProblems } from './problem-list';

/** "Révision 14 publiée : retour à la révision 12 — envoyée à 3 totems." */
export function rollbackOutcome(result: RollbackResponse): string {
  if (!result.created) {
    return `Rien à faire : les totems ont déjà le contenu de la révision ${result.rolledBackTo}.`;
  }
  const head = `Révision ${result.revision} publiée : retour à la révision ${result.rolledBackTo}`;
  if (result.delivered === 0) {
    return `${head} — aucun totem n’est connecté en ce moment : chacun la recevra à sa prochaine connexion.`;
  }
  return `${head} — envoyée à ${result.delivered} totem${result.delivered > 1 ? 's' : ''}.`;
}

const draftChanged = (failure: unknown) =>
  failure instanceof ApiError &&
  failure.status === 409 &&
  (failure.data as { reason?: unknown } | null)?.reason === 'draft-changed';

export function RollbackDialog({
  devid,
  entry,
  media,
  onClose,
  onDone,
}: {
  devid: number;
  entry: RevisionEntry;
  /** The development's media library, to show images by thumbnail and name. */
  media: MediaIndex;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const preview = useResource(
    () => call('adminRollbackPreview', { params: { devid, revision: entry.revision } }),
    `rollback-preview-${devid}-${entry.revision}`,
  );
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [problems, setProblems] = useState<PublishProblem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fourEyes = useFourEyes(devid);
  const isAdmin = useOptionalUser()?.role === 'admin';
  const [bypass, setBypass] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState(`Retour à la révision ${entry.revision}`);
  const [requested, setRequested] = useState<string | null>(null);
  const noteId = useId();
  const asking = fourEyes.enabled && !bypass;
  const bypassing = fourEyes.enabled && bypass;

  const ask = async (discardFirst: boolean) => {
    setBusy(true);
    setError(null);
    try {
      // Discarding is not publishing: no approval needed for it.
      if (discardFirst) await call('adminDiscardDraft', { params: { devid }, body: {} });
      const made = await call('adminCreatePublicationRequest', {
        params: { devid },
        body: { note: note.trim(), rollbackTo: entry.revision },
      });
      setRequested(
        `Demande ${made.id} envoyée : le retour à la révision ${entry.revision} partira dès qu’une autre personne qui peut publier l’aura approuvé.`,
      );
    } catch (failure) {
      if (draftChanged(failure)) setBlocked(errorMessage(failure));
      else setError(`La demande a échoué : ${errorMessage(failure)}`);
    } finally {
      if (discardFirst) notifyDraftChanged();
      setBusy(false);
    }
  };

  const run = async (discardFirst: boolean) => {
    if (asking) return ask(discardFirst);
    setBusy(true);
    setError(null);
    setProblems(null);
    try {
      if (discardFirst) await call('adminDiscardDraft', { params: { devid }, body: {} });
      const data = await call('adminRollback', {
        params: { devid, revision: entry.revision },
        body: bypassing ? { bypassReason: reason.trim() } : {},
      });
      notifyDraftChanged();
      onDone(rollbackOutcome(data));
    } catch (failure) {
      if (refusedByFourEyes(failure)) fourEyes.reload();
      if (draftChanged(failure)) setBlocked(errorMessage(failure));
      else {
        const refused = refusedProblems(failure);
        if (refused) setProblems(refused);
        else setError(`Le retour a échoué : ${errorMessage(failure)}`);
      }
      if (discardFirst) notifyDraftChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={
        asking
          ? `Demander le retour à la révision ${entry.revision}`
          : `Revenir à la révision ${entry.revision} ?`
      }
      onCancel={onClose}
      actions={
        requested ? (
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            Fermer
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={onClose} data-autofocus>
              Annuler
            </button>
            {blocked ? (
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void run(true)}
              >
                {busy ? 'En cours…' : 'Annuler les modifications et revenir'}
              </button>
            ) : (
              <button
                type="button"
                className="button button-publish"
                disabled={
                  busy ||
                  (asking && !note.trim()) ||
                  (bypassing && reason.trim().length < BYPASS_REASON_MIN)
                }
                onClick={() => void run(false)}
              >
                {busy
                  ? 'En cours…'
                  : asking
                    ? 'Envoyer la demande'
                    : bypassing
                      ? 'Revenir sans approbation'
                      : 'Revenir à cette version'}
              </button>
            )}
          </>
        )
      }
    >
      {requested ? (
        <Notice tone="success">
          {requested} <Link to={requestsPagePath(devid)}>Voir les demandes de publication</Link>
        </Notice>
      ) : (
        <div className="stack">
          <p>
            Les totems reprendront le contenu de la révision {entry.revision}, publié comme une
            nouvelle révision. L’historique garde tout : ce retour pourra lui-même être annulé.
          </p>
          {preview.loading && !preview.data && <Loading label="Calcul de ce qui va changer…" />}
          {preview.error && <LoadError message={preview.error} onRetry={preview.reload} />}
          {preview.data && <PreviewChanges preview={preview.data} media={media} />}
          {blocked && (
            <Notice tone="warning">
              {blocked} Les modifications non publiées seront perdues si vous continuez.
            </Notice>
          )}
          {fourEyes.enabled && (
            <>
              <Notice tone="info">
                Double validation : ce retour sera relu par une autre personne qui peut publier
                avant de partir sur les totems.
              </Notice>
              {!bypass && (
                <label className="field" htmlFor={noteId}>
                  <span>Note pour la personne qui approuvera (obligatoire)</span>
                  <textarea
                    id={noteId}
                    maxLength={500}
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                  />
                </label>
              )}
              {isAdmin && (
                <BypassFields
                  label="Revenir sans approbation (urgence, administrateur)"
                  checked={bypass}
                  onCheck={setBypass}
                  reason={reason}
                  onReason={setReason}
                />
              )}
            </>
          )}
          {problems && <ProblemList devid={devid} problems={problems} />}
          {error && <Notice tone="error">{error}</Notice>}
        </div>
      )}
    </Dialog>
  );
}

/** What the totems will show differently after the return, against what they show now. */
function PreviewChanges({ preview, media }: { preview: RollbackPreview; media: MediaIndex }) {
  if (preview.total === 0) {
    return (
      <p>
        Les totems affichent déjà le contenu de la révision {preview.target} : rien ne changera.
      </p>
    );
  }
  const left = preview.total - preview.changes.length;
  return (
    <>
      <p>
        <strong>Ce qui va changer sur les totems</strong> par rapport à ce qu’ils affichent
        aujourd’hui (révision {preview.publishedRevision}) : {preview.summary.toLowerCase()}.
      </p>
      <ChangeList changes={preview.changes} media={media} headingLevel={3} />
      {left > 0 && (
        <p className="muted">
          … et {left} autre{left > 1 ? 's' : ''} modification{left > 1 ? 's' : ''}, non listée
          {left > 1 ? 's' : ''} ici : « Voir le contenu » montre la révision {preview.target} en
          entier.
        </p>
      )}
    </>
  );
}
