/**
 * The publish dialog: what is about to reach the totems (the draft's unpublished changes, or one
 * zone's), an optional note for the history, then the outcome in plain words — "Révision 58
 * publiée — envoyée à 12 totems".
 */
import {
  isScheduledAnswer,
  type ContentChangeEntry,
  type PublishProblem,
  type PublishResponse,
} from '@plant-kiosk/contract';
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { LoadError, Loading } from '../../components/page';
import { Notice } from '../../components/notice';
import { call, errorMessage } from '../../lib/api/client';
import { useResource } from '../../lib/use-resource';
import { ChangeList, indexMedia } from './change-list';
import { ProblemList, refusedProblems, WarningList } from './problem-list';
import { notifyDraftChanged } from '../../lib/draft-events';

/** "Révision 58 publiée — envoyée à 12 totems" (`delivered`: totems connected right now). */
export function publishOutcome(result: PublishResponse): string {
  if (!result.created) {
    return `Rien de nouveau à publier : les totems ont déjà la révision ${result.revision}.`;
  }
  const head = `Révision ${result.revision} publiée`;
  if (result.delivered === 0) {
    return `${head} — aucun totem n’est connecté en ce moment : chacun la recevra à sa prochaine connexion.`;
  }
  return `${head} — envoyée à ${result.delivered} totem${result.delivered > 1 ? 's' : ''}.`;
}

export function PublishDialog({
  devid,
  devname,
  zone,
  onClose,
  onPublished,
}: {
  devid: number;
  devname: string;
  /** Publish this zone's changes alone. */
  zone?: { zoneid: number; zonename: string };
  onClose: () => void;
  onPublished?: (result: PublishResponse, text: string) => void;
}) {
  const noteId = useId();
  const draft = useResource(
    () => call('adminDraftChanges', { params: { devid } }),
    `draft-${devid}`,
  );
  const media = useResource(() => call('adminMedia', { params: { devid } }), `media-${devid}`);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problems, setProblems] = useState<PublishProblem[] | null>(null);

  const changes: ContentChangeEntry[] = (draft.data?.changes ?? []).filter(
    (change) => !zone || change.zoneid === zone.zoneid,
  );

  // A missing English version is said where the publish concerns it (issue 41, item 12): a
  // visitor zone this publish changes. The whole list stays on the content page ("Traductions
  // manquantes"); repeating it on every publish taught people to ignore it.
  const changedZones = new Set(changes.map((change) => change.zoneid));
  const warnings: PublishProblem[] = (draft.data?.warnings ?? []).filter(
    (warning) => warning.zoneid !== null && changedZones.has(warning.zoneid),
  );

  const publish = async () => {
    setBusy(true);
    setError(null);
    setProblems(null);
    try {
      const data = await call('adminPublish', {
        params: { devid },
        body: {
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(zone ? { zoneid: zone.zoneid } : {}),
        },
      });
      // Without `at` a publish goes live now: the scheduled answer cannot come back.
      if (isScheduledAnswer(data)) throw new Error('réponse de programmation inattendue');
      const text = publishOutcome(data);
      setDone(text);
      notifyDraftChanged();
      onPublished?.(data, text);
    } catch (failure) {
      const refused = refusedProblems(failure);
      if (refused) setProblems(refused);
      else setError(`La publication a échoué : ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const title = zone
    ? `Publier la zone « ${zone.zonename} »`
    : `Publier sur les totems de ${devname}`;
  return (
    <Dialog
      title={title}
      onCancel={onClose}
      actions={
        done ? (
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            Fermer
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={onClose}>
              Annuler
            </button>
            <button
              type="button"
              className="button button-publish"
              onClick={() => void publish()}
              disabled={busy || draft.loading}
            >
              {busy ? 'Publication…' : zone ? 'Publier cette zone' : 'Publier'}
            </button>
          </>
        )
      }
    >
      <div className="publish-dialog stack">
        {done ? (
          <Notice tone="success">{done}</Notice>
        ) : (
          <>
            {draft.loading && !draft.data && <Loading label="Chargement des modifications…" />}
            {draft.error && <LoadError message={draft.error} onRetry={draft.reload} />}
            {draft.data &&
              (changes.length === 0 ? (
                <p>
                  Aucune modification non publiée
                  {zone ? ' dans cette zone' : ''} : publier renverra la révision{' '}
                  {draft.data.publishedRevision} aux totems.
                </p>
              ) : (
                <>
                  <p>
                    {zone
                      ? `Seules les modifications de cette zone partent sur les totems ; celles des autres zones restent en attente.`
                      : `Ces modifications vont partir sur les totems :`}
                  </p>
                  <ChangeList
                    changes={changes}
                    media={indexMedia(media.data)}
                    showWho
                    headingLevel={3}
                  />
                </>
              ))}
            <WarningList devid={devid} warnings={warnings} />
            <label className="field" htmlFor={noteId}>
              <span>Note pour l’historique (facultative)</span>
              <textarea
                id={noteId}
                className="publish-note"
                maxLength={500}
                value={note}
                placeholder="Par exemple : menu de la semaine 48"
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
            {problems && <ProblemList devid={devid} problems={problems} />}
            {error && <Notice tone="error">{error}</Notice>}
          </>
        )}
      </div>
    </Dialog>
  );
}
