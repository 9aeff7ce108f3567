/**
 * "Revenir à cette version" (rollback and publish checks, decision 014): asks for confirmation,
 * then publishes revision K's content again as a new revision. When the draft has unpublished
 * changes the server refuses (409): the dialog then offers to discard them and roll back, or to
 * cancel. A refusal by the publish checks lists the problems like the publish dialog does.
 */
import type { PublishProblem, RevisionEntry, RollbackResponse } from '@plant-kiosk/contract';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { adminApi } from '../../lib/api/admin-api';
import { ApiError, errorMessage } from '../../lib/api/client';
import { notifyDraftChanged } from '../../lib/draft-events';
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
  onClose,
  onDone,
}: {
  devid: number;
  entry: RevisionEntry;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [problems, setProblems] = useState<PublishProblem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (discardFirst: boolean) => {
    setBusy(true);
    setError(null);
    setProblems(null);
    try {
      if (discardFirst) await adminApi.discardDraft(devid);
      const { data } = await adminApi.rollback(devid, entry.revision);
      notifyDraftChanged();
      onDone(rollbackOutcome(data));
    } catch (failure) {
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
      title={`Revenir à la révision ${entry.revision} ?`}
      onCancel={onClose}
      actions={
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
              disabled={busy}
              onClick={() => void run(false)}
            >
              {busy ? 'En cours…' : 'Revenir à cette version'}
            </button>
          )}
        </>
      }
    >
      <div className="stack">
        <p>
          Le contenu publié en révision {entry.revision} ({entry.summary.toLowerCase()}) repartira
          sur les totems comme une nouvelle révision. L’historique garde tout : ce retour pourra
          lui-même être annulé.
        </p>
        {blocked && (
          <Notice tone="warning">
            {blocked} Les modifications non publiées seront perdues si vous continuez.
          </Notice>
        )}
        {problems && <ProblemList devid={devid} problems={problems} />}
        {error && <Notice tone="error">{error}</Notice>}
      </div>
    </Dialog>
  );
}
