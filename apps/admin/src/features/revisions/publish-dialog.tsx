/**
 * The publish dialog: what is about to reach the totems (the draft's unpublished changes, or one
 * zone's), an optional note for the history, then the outcome in plain words — "Révision 58
 * publiée — envoyée à 12 totems".
 *
 * « Publier maintenant » or « Programmer… » (issue 45): programming asks a date and a time in the
 * plant's time zone (the development's setting, named beside the inputs, never the browser's),
 * says what they mean (« lundi 30 novembre à 05:00 (heure de Paris) ») or why not (a time the
 * clocks skip, a time already past), and sends the instant; nothing goes live now. Changes a
 * pending schedule already takes are listed apart, with its time, and a publish now leaves them
 * out unless the user ticks them in.
 *
 * Under four-eyes publishing (issue 51, decision 048) the same dialog makes a request instead:
 * the changes as listed are fixed for someone else to approve (now, or for the chosen time), the
 * note is mandatory (the reviewer reads it); an admin may tick « Publier sans approbation » and
 * give the reason, which the server journals.
 */
import {
  BYPASS_REASON_MIN,
  DEFAULT_SETTINGS,
  formatPlantInstant,
  isScheduledAnswer,
  type ContentChangeEntry,
  type PublishProblem,
  type PublishRequest,
  type PublishResponse,
  type PublishScheduledResponse,
} from '@plant-kiosk/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import { LoadError, Loading } from '../../components/page';
import { Notice } from '../../components/notice';
import { call, errorMessage } from '../../lib/api/client';
import { useOptionalUser } from '../../lib/session/session-context';
import { useResource } from '../../lib/use-resource';
import { ChangeList, indexMedia } from './change-list';
import { BypassFields } from './bypass-fields';
import { refusedByFourEyes, requestsPagePath, useFourEyes } from './four-eyes';
import { ProblemList, refusedProblems, WarningList } from './problem-list';
import { notifyDraftChanged } from '../../lib/draft-events';
import {
  defaultPlantTime,
  PlantTimeFields,
  readPlantTime,
  scheduledPath,
  usePlantTimeZone,
  type PlantTimeInput,
} from '../scheduled';

/** "Révision 58 publiée — envoyée à 12 totems" (`delivered`: totems connected right now). */
export function publishOutcome(result: PublishResponse): string {
  if (!result.created) {
    return `Rien de nouveau à publier : les totems ont déjà la révision ${result.revision}.`;
  }
  const head = `Révision ${result.revision} publiée`;
  const leftOut = result.scheduledLeftOut ?? 0;
  // What a waiting schedule brings stays for its time (issue 45): said, so no one looks for it.
  const tail =
    leftOut === 0
      ? ''
      : leftOut === 1
        ? ' 1 modification déjà programmée partira à son heure.'
        : ` ${leftOut} modifications déjà programmées partiront à leur heure.`;
  if (result.delivered === 0) {
    return `${head} — aucun totem n’est connecté en ce moment : chacun la recevra à sa prochaine connexion.${tail}`;
  }
  return `${head} — envoyée à ${result.delivered} totem${result.delivered > 1 ? 's' : ''}.${tail}`;
}

/** The waiting scheduled publication that already brings a change, if any. */
export const scheduleOf = (change: ContentChangeEntry) => change.scheduled ?? null;

type When = 'now' | 'schedule';

export function PublishDialog({
  devid,
  devname,
  zone,
  onClose,
  onPublished,
  onScheduled,
}: {
  devid: number;
  devname: string;
  /** Publish this zone's changes alone. */
  zone?: { zoneid: number; zonename: string };
  onClose: () => void;
  onPublished?: (result: PublishResponse, text: string) => void;
  onScheduled?: (scheduled: PublishScheduledResponse['scheduled'], text: string) => void;
}) {
  const noteId = useId();
  const fourEyes = useFourEyes(devid);
  const isAdmin = useOptionalUser()?.role === 'admin';
  const [bypass, setBypass] = useState(false);
  const [reason, setReason] = useState('');
  const [requestDone, setRequestDone] = useState(false);
  const includeId = useId();
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
  const [when, setWhen] = useState<When>('now');
  const [plantTime, setPlantTime] = useState<PlantTimeInput | null>(null);
  const [includeScheduled, setIncludeScheduled] = useState(false);
  const [scheduledDone, setScheduledDone] = useState(false);
  const plantZone = usePlantTimeZone(devid);
  const timeZone = plantZone.timeZone;
  // Times already scheduled are shown even when the settings cannot be read: in Paris time, said.
  const shownZone = timeZone ?? DEFAULT_SETTINGS.timeZone;

  useEffect(() => {
    if (timeZone && !plantTime) setPlantTime(defaultPlantTime(timeZone));
  }, [timeZone, plantTime]);

  const inScope: ContentChangeEntry[] = (draft.data?.changes ?? []).filter(
    (change) => !zone || change.zoneid === zone.zoneid,
  );
  const captured = inScope.filter((change) => scheduleOf(change) !== null);
  const changes = inScope.filter((change) => scheduleOf(change) === null);
  const reading = timeZone && plantTime ? readPlantTime(plantTime, timeZone) : null;

  // A missing English version is said where the publish concerns it (issue 41, item 12): a
  // visitor zone this publish changes. The whole list stays on the content page ("Traductions
  // manquantes"); repeating it on every publish taught people to ignore it.
  const changedZones = new Set(changes.map((change) => change.zoneid));
  const warnings: PublishProblem[] = (draft.data?.warnings ?? []).filter(
    (warning) => warning.zoneid !== null && changedZones.has(warning.zoneid),
  );

  const scheduling = when === 'schedule';
  // Under four-eyes, a request unless an admin publishes without approval.
  const asking = fourEyes.enabled && !bypass;
  const bypassing = fourEyes.enabled && bypass;
  const reasonShort = bypassing && reason.trim().length < BYPASS_REASON_MIN;
  const ask = async () => {
    if (!note.trim()) {
      setError(
        'Dites en une phrase ce que cette publication apporte : la personne qui approuvera la lira.',
      );
      return;
    }
    setBusy(true);
    setError(null);
    setProblems(null);
    try {
      const made = await call('adminCreatePublicationRequest', {
        params: { devid },
        body: {
          note: note.trim(),
          ...(zone ? { zoneid: zone.zoneid } : {}),
          ...(scheduling && reading?.ok ? { at: reading.at } : {}),
        },
      });
      setDone(
        `Demande ${made.id} envoyée : une autre personne qui peut publier doit l’approuver. ${
          made.at
            ? `Approuvée, elle partira ${formatPlantInstant(made.at, shownZone)}.`
            : 'Approuvée, elle partira aussitôt.'
        }`,
      );
      setRequestDone(true);
    } catch (failure) {
      const refused = refusedProblems(failure);
      if (refused) setProblems(refused);
      else setError(`La demande a échoué : ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    if (scheduling && !reading?.ok) return;
    if (asking) return ask();
    if (reasonShort) return;
    setBusy(true);
    setError(null);
    setProblems(null);
    const body: PublishRequest = {
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(zone ? { zoneid: zone.zoneid } : {}),
      ...(scheduling && reading?.ok ? { at: reading.at } : {}),
      ...(!scheduling && includeScheduled && captured.length > 0 ? { includeScheduled: true } : {}),
      ...(bypassing ? { bypassReason: reason.trim() } : {}),
    };
    try {
      const data = await call('adminPublish', { params: { devid }, body });
      if (isScheduledAnswer(data)) {
        const text = `Publication programmée pour ${formatPlantInstant(data.scheduled.at, shownZone)}`;
        setDone(text);
        setScheduledDone(true);
        notifyDraftChanged();
        onScheduled?.(data.scheduled, text);
        return;
      }
      const text = publishOutcome(data);
      setDone(text);
      notifyDraftChanged();
      onPublished?.(data, text);
    } catch (failure) {
      const refused = refusedProblems(failure);
      // Four-eyes turned on meanwhile: the dialog becomes the request form.
      if (refusedByFourEyes(failure)) fourEyes.reload();
      if (refused) setProblems(refused);
      else
        setError(
          `${scheduling ? 'La programmation' : 'La publication'} a échoué : ${errorMessage(failure)}`,
        );
    } finally {
      setBusy(false);
    }
  };

  const title = asking
    ? zone
      ? `Demander la publication de la zone « ${zone.zonename} »`
      : `Demander une publication sur les totems de ${devname}`
    : zone
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
              disabled={
                busy ||
                draft.loading ||
                (scheduling && !reading?.ok) ||
                (asking && !note.trim()) ||
                reasonShort
              }
            >
              {asking
                ? busy
                  ? 'Envoi…'
                  : 'Envoyer la demande'
                : bypassing
                  ? busy
                    ? 'Publication…'
                    : 'Publier sans approbation'
                  : scheduling
                    ? busy
                      ? 'Programmation…'
                      : 'Programmer la publication'
                    : busy
                      ? 'Publication…'
                      : zone
                        ? 'Publier cette zone'
                        : 'Publier'}
            </button>
          </>
        )
      }
    >
      <div className="publish-dialog stack">
        {done ? (
          <Notice tone="success">
            {done}
            {scheduledDone && (
              <>
                {'. '}
                <Link to={scheduledPath(devid)}>Voir les modifications programmées</Link>
              </>
            )}
            {requestDone && (
              <>
                {' '}
                <Link to={requestsPagePath(devid)}>Voir les demandes de publication</Link>
              </>
            )}
          </Notice>
        ) : (
          <>
            {fourEyes.enabled && (
              <Notice tone="info">
                Double validation : ce que vous voyez ici sera relu par une autre personne qui peut
                publier, et c’est exactement cela qui partira sur les totems une fois approuvé.
              </Notice>
            )}
            <fieldset className="publish-when">
              <legend>Quand ?</legend>
              <label>
                <input
                  type="radio"
                  name={`${noteId}-when`}
                  checked={!scheduling}
                  onChange={() => setWhen('now')}
                />
                {asking ? 'Dès son approbation' : 'Publier maintenant'}
              </label>
              <label>
                <input
                  type="radio"
                  name={`${noteId}-when`}
                  checked={scheduling}
                  onChange={() => setWhen('schedule')}
                />
                Programmer…
              </label>
            </fieldset>
            {scheduling &&
              (timeZone && plantTime && reading ? (
                <PlantTimeFields
                  timeZone={timeZone}
                  value={plantTime}
                  reading={reading}
                  onChange={setPlantTime}
                  legend="Date et heure de la publication"
                />
              ) : plantZone.error ? (
                <LoadError
                  message={`Le fuseau horaire du site n’a pas pu être lu : ${plantZone.error}`}
                  onRetry={plantZone.reload}
                />
              ) : (
                <Loading label="Lecture du fuseau horaire du site…" />
              ))}
            {draft.loading && !draft.data && <Loading label="Chargement des modifications…" />}
            {draft.error && <LoadError message={draft.error} onRetry={draft.reload} />}
            {draft.data &&
              (changes.length === 0 ? (
                captured.length > 0 ? null : (
                  <p>
                    Aucune modification non publiée
                    {zone ? ' dans cette zone' : ''} : publier renverra la révision{' '}
                    {draft.data.publishedRevision} aux totems.
                  </p>
                )
              ) : (
                <>
                  <p>
                    {zone
                      ? scheduling
                        ? `Seules les modifications de cette zone seront programmées ; celles des autres zones restent en attente.`
                        : `Seules les modifications de cette zone partent sur les totems ; celles des autres zones restent en attente.`
                      : scheduling
                        ? `Ces modifications partiront sur les totems à l’heure choisie :`
                        : asking
                          ? `Ces modifications partiront sur les totems une fois la demande approuvée :`
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
            {captured.length > 0 && (
              <CapturedChanges
                captured={captured}
                timeZone={shownZone}
                media={indexMedia(media.data)}
                include={
                  scheduling || asking ? null : (
                    <label className="checkbox" htmlFor={includeId}>
                      <input
                        id={includeId}
                        type="checkbox"
                        checked={includeScheduled}
                        onChange={(event) => setIncludeScheduled(event.target.checked)}
                      />{' '}
                      Les publier maintenant aussi, sans attendre leur heure
                    </label>
                  )
                }
                scheduling={scheduling}
                devid={devid}
              />
            )}
            <WarningList devid={devid} warnings={warnings} />
            <label className="field" htmlFor={noteId}>
              <span>
                {asking
                  ? 'Note pour la personne qui approuvera (obligatoire)'
                  : 'Note pour l’historique (facultative)'}
              </span>
              <textarea
                id={noteId}
                className="publish-note"
                maxLength={500}
                value={note}
                placeholder="Par exemple : menu de la semaine 48"
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
            {fourEyes.enabled && isAdmin && (
              <BypassFields
                label="Publier sans approbation (urgence, administrateur)"
                checked={bypass}
                onCheck={setBypass}
                reason={reason}
                onReason={setReason}
              />
            )}
            {problems && <ProblemList devid={devid} problems={problems} />}
            {error && <Notice tone="error">{error}</Notice>}
          </>
        )}
      </div>
    </Dialog>
  );
}

/**
 * The changes a pending schedule already takes, grouped by its time: not part of this publish
 * (« Publier maintenant » leaves them to their schedule unless ticked in; a new schedule leaves
 * them to the earlier one).
 */
function CapturedChanges({
  captured,
  timeZone,
  media,
  include,
  scheduling,
  devid,
}: {
  captured: ContentChangeEntry[];
  timeZone: string;
  media: ReturnType<typeof indexMedia>;
  include: ReactNode;
  scheduling: boolean;
  devid: number;
}) {
  const bySchedule = new Map<number, { at: string; changes: ContentChangeEntry[] }>();
  for (const change of captured) {
    const schedule = scheduleOf(change)!;
    const group = bySchedule.get(schedule.id) ?? { at: schedule.at, changes: [] };
    group.changes.push(change);
    bySchedule.set(schedule.id, group);
  }
  return (
    <section className="scheduled-apart" aria-label="Modifications déjà programmées">
      <p>
        <strong>
          {captured.length === 1
            ? '1 modification est déjà programmée'
            : `${captured.length} modifications sont déjà programmées`}
        </strong>{' '}
        :{' '}
        {scheduling ? 'elles partiront avec leur programmation' : 'elles ne partent pas maintenant'}{' '}
        (<Link to={scheduledPath(devid)}>modifications programmées</Link>).
      </p>
      {[...bySchedule].map(([id, group]) => (
        <div key={id}>
          <p className="scheduled-apart-when">
            Programmé pour {formatPlantInstant(group.at, timeZone)} :
          </p>
          <ChangeList changes={group.changes} media={media} headingLevel={4} />
        </div>
      ))}
      {include}
    </section>
  );
}
