/**
 * The publication notices of four-eyes publishing (issue 51, part 2; decision 048), in French: a
 * request made (someone must approve it), approved, refused, and an admin's publication without
 * approval. Pure: publishing hands the facts after its commit and the notifier delivers the notice
 * on the channels the admins enabled, to the same recipients as the health notices — users have
 * no e-mail address in the model, so the message names who is concerned rather than writing to
 * them. Each text gives the back-office's « Demandes » address as a path: the server does not
 * know the address the plant reaches it by.
 */
import { randomUUID } from 'node:crypto';
import type {
  PublicationNotice,
  PublicationNoticeEvent,
  PublicationRequest,
} from '@plant-kiosk/contract';

/** The back-office's « Demandes de publication » of a development (its hash route). */
export const requestsPagePath = (devid: number): string => `/admin/#/demandes/${devid}`;

/** What a door did without approval (four-eyes.ts's GatedAction). */
export type BypassedAction = 'publish' | 'schedule' | 'rollback';

/** Past the subject's length, a note is cut (the text carries it whole). */
const SUBJECT_NOTE_MAX = 80;

const short = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SUBJECT_NOTE_MAX ? `${line.slice(0, SUBJECT_NOTE_MAX - 1)}…` : line;
};

/** « le 2026-11-28 à 14:00 (heure UTC) », as the back-office's answers say a scheduled time. */
export function utcTime(iso: string): string {
  const at = new Date(iso).toISOString();
  return `le ${at.slice(0, 10)} à ${at.slice(11, 16)} (heure UTC)`;
}

function notice(
  event: PublicationNoticeEvent,
  devid: number,
  devname: string,
  requestId: number | null,
  subject: string,
  lines: string[],
  now: Date,
): PublicationNotice {
  return {
    noticeId: randomUUID(),
    kind: 'publication',
    event,
    devid,
    devname,
    requestId,
    subject,
    text: lines.join('\n'),
    at: now.toISOString(),
  };
}

/** What a request asks for, in a few words: « toutes les modifications du brouillon ». */
function whatOf(request: PublicationRequest, zoneName: string | null): string {
  if (request.kind === 'rollback') {
    return `un retour au contenu de la révision ${request.rollbackTo ?? '?'}`;
  }
  if (request.zoneid === null) return 'la publication des modifications du brouillon';
  return zoneName
    ? `la publication des modifications de la zone « ${zoneName} »`
    : `la publication des modifications de la zone ${request.zoneid}`;
}

const authorName = (request: PublicationRequest): string => request.author.name ?? 'quelqu’un';

/** A request made: for the reviewers, who should examine it. */
export function requestedNotice(
  request: PublicationRequest,
  devname: string,
  now: Date,
  zoneName: string | null = null,
): PublicationNotice {
  const who = authorName(request);
  return notice(
    'requested',
    request.devid,
    devname,
    request.id,
    `Demande de publication sur « ${devname} » : ${short(request.note)}`,
    [
      `${who} demande ${whatOf(request, zoneName)} sur « ${devname} » (demande ${request.id}).`,
      '',
      `Note : ${request.note}`,
      `Contenu : ${request.summary}.`,
      request.at === null
        ? 'À publier dès son approbation.'
        : `À publier ${utcTime(request.at)}, une fois approuvée.`,
      '',
      `Une autre personne qui peut publier doit l’approuver ou la refuser, dans le back-office, « Demandes » : ${requestsPagePath(request.devid)}`,
    ],
    now,
  );
}

/** What became of an approved request: published now (revision N) or scheduled for its time. */
function outcomeOf(request: PublicationRequest): string[] {
  const { outcome } = request;
  if (outcome?.status === 'scheduled' && outcome.at) {
    return [`Elle sera publiée ${utcTime(outcome.at)}.`];
  }
  if (outcome?.status === 'published') {
    return [
      outcome.revision === null
        ? 'Son contenu était déjà en ligne : aucune nouvelle révision.'
        : `Elle est en ligne : révision ${outcome.revision}.`,
    ];
  }
  return [];
}

/** A request approved: for its author (and whoever follows the plant's publishing). */
export function approvedNotice(
  request: PublicationRequest,
  devname: string,
  now: Date,
): PublicationNotice {
  const reviewer = request.reviewer?.name ?? 'quelqu’un';
  return notice(
    'approved',
    request.devid,
    devname,
    request.id,
    `Publication approuvée sur « ${devname} » : ${short(request.note)}`,
    [
      `${reviewer} a approuvé la demande ${request.id} de ${authorName(request)} sur « ${devname} ».`,
      ...outcomeOf(request),
      '',
      `Note de la demande : ${request.note}`,
      `Contenu : ${request.summary}.`,
      ...(request.comment ? [`Commentaire : ${request.comment}`] : []),
      '',
      `Voir les demandes dans le back-office, « Demandes » : ${requestsPagePath(request.devid)}`,
    ],
    now,
  );
}

/** A request refused, with the reviewer's comment: for its author. */
export function refusedNotice(
  request: PublicationRequest,
  devname: string,
  now: Date,
): PublicationNotice {
  const reviewer = request.reviewer?.name ?? 'quelqu’un';
  return notice(
    'refused',
    request.devid,
    devname,
    request.id,
    `Demande de publication refusée sur « ${devname} » : ${short(request.note)}`,
    [
      `${reviewer} a refusé la demande ${request.id} de ${authorName(request)} sur « ${devname} » : rien n’a été publié, ses modifications restent dans le brouillon.`,
      '',
      `Motif du refus : ${request.comment ?? ''}`,
      `Note de la demande : ${request.note}`,
      `Contenu : ${request.summary}.`,
      '',
      `Voir les demandes dans le back-office, « Demandes » : ${requestsPagePath(request.devid)}`,
    ],
    now,
  );
}

const BYPASS_SUBJECT: Record<BypassedAction, string> = {
  publish: 'Publication sans approbation',
  schedule: 'Publication programmée sans approbation',
  rollback: 'Retour à une version sans approbation',
};

/** An admin's publish, schedule or rollback without approval: who, what and why. */
export function bypassNotice(
  facts: {
    devid: number;
    devname: string;
    username: string;
    action: BypassedAction;
    reason: string;
    /** What went live or was scheduled, in French: « la révision 7 (1 élément modifié) ». */
    what: string;
  },
  now: Date,
): PublicationNotice {
  const { devid, devname, username, action, reason, what } = facts;
  const did: Record<BypassedAction, string> = {
    publish: `a publié sans approbation sur « ${devname} » ${what}`,
    schedule: `a programmé sans approbation sur « ${devname} » ${what}`,
    rollback: `a remis en ligne sans approbation sur « ${devname} » ${what}`,
  };
  return notice(
    'bypass',
    devid,
    devname,
    null,
    `${BYPASS_SUBJECT[action]} sur « ${devname} » par ${username}`,
    [
      `${username} ${did[action]}, alors que la double validation est activée sur ce développement (un administrateur le peut, en donnant une raison).`,
      '',
      `Raison donnée : ${reason}`,
      '',
      `Le journal d’audit l’enregistre. Les demandes du développement, dans le back-office, « Demandes » : ${requestsPagePath(devid)}`,
    ],
    now,
  );
}
