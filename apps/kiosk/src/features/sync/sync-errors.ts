/**
 * The sync engine's failures, as the staff read them: the status banner shows one short French
 * sentence, while the full cause goes to the console. `describeError` is the one place that turns
 * whatever a run threw (a SyncError, an ApiError, a Dexie/IndexedDB error) into that sentence.
 */
import { ApiError } from '../../lib/api/api-client';

/** A failure with the short text the banner shows; the cause is logged. */
export class SyncError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SyncError';
  }
}

export const CANCELLED_ERROR = 'Synchronisation annulée';

/**
 * The error of a run stopped on purpose (dispose). The engine also aborts its signal with it, so
 * the steps that stop on that signal (the concurrency pool) throw exactly this.
 */
export const cancelledError = () => new SyncError(CANCELLED_ERROR);

/**
 * Shown when the server refuses the token (revoked, expired): the staff must know that this totem
 * will not update until someone logs it in again — "HTTP 401" would tell them nothing.
 */
export const REAUTH_ERROR = 'Ce totem doit être ré-autorisé : reconnectez-le avec son identifiant';

/** A 401 means the token itself is refused: retrying will not help, a new login will. */
export function isAuthRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The reason a media step stops when a newer run is waiting (content-first sync, decision 019): not
 * a failure, the next run takes the media over from where they are (the files already cached stay).
 */
export const PREEMPTED_ERROR = 'Médias repris par la synchronisation suivante';
export const preemptedError = () => new SyncError(PREEMPTED_ERROR);

/**
 * Media that could not be cached: the records are saved and shown (the sync is done), but the
 * totem does not hold everything offline; the fleet reads this as the last error.
 */
export function mediaFailedError(media: { failed: number; referenced: number }): SyncError {
  return new SyncError(`${media.failed} média(s) sur ${media.referenced} non téléchargé(s)`);
}

/** The banner's sentence for anything a run threw. */
export function describeError(error: unknown): string {
  if (error instanceof SyncError) return error.message;
  if (isAuthRefusal(error)) return REAUTH_ERROR;
  if (error instanceof ApiError) {
    if (error.status === 0)
      return error.code === 'aborted' ? CANCELLED_ERROR : 'Serveur injoignable';
    if (error.code === 'bad_response') return 'Réponse du serveur invalide';
    return `Erreur du serveur (HTTP ${error.status}${error.message ? ` : ${error.message}` : ''})`;
  }
  if (error instanceof Error) {
    // Dexie wraps IndexedDB failures; the name says what happened (QuotaExceededError, AbortError…).
    const inner = (error as { inner?: unknown }).inner;
    const name = inner instanceof Error ? inner.name : error.name;
    return `Écriture locale impossible (${name})`;
  }
  return 'Erreur inconnue';
}
