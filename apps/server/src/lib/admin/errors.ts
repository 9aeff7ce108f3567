/**
 * Errors of the admin API with their French messages (the back-office's users read them as is).
 * A version conflict carries the current state, which the admin error handler puts in the
 * envelope's `data`: the SPA shows it instead of silently keeping, or overwriting, stale work.
 */
import { ERROR_CODES } from '@plant-kiosk/contract';
import { HttpError } from '../envelope.js';

export const ADMIN_MESSAGES = {
  loginFailed: 'Identifiant ou mot de passe incorrect.',
  accountDisabled: 'Ce compte est désactivé. Adressez-vous à un administrateur.',
  notLoggedIn: 'Vous n’êtes pas connecté : connectez-vous au back-office.',
  sessionExpired: 'Votre session a expiré : reconnectez-vous.',
  csrf: 'Requête refusée : jeton anti-CSRF absent ou invalide. Rechargez la page.',
  crossOrigin: 'Requête refusée : elle ne vient pas du back-office de ce serveur.',
  adminOnly: 'Réservé aux administrateurs.',
  otherDevelopment: 'Vous n’avez pas accès à ce développement.',
  versionConflict:
    'Cet élément a été modifié par quelqu’un d’autre entre-temps : votre modification n’a pas été enregistrée. Voici la version actuelle ; vérifiez-la puis refaites votre modification.',
  listChanged:
    'La liste a changé entre-temps (ajout ou suppression par quelqu’un d’autre) : votre nouvel ordre n’a pas été enregistré. Voici la liste actuelle.',
  gone: 'Cet élément n’existe plus : il a sans doute été supprimé par quelqu’un d’autre.',
  nothingToChange: 'Aucune modification demandée.',
  loginRateLimited: (seconds: number) =>
    `Trop de tentatives de connexion. Réessayez dans ${seconds} secondes.`,
} as const;

/** 409 with the current item (or list) as `data`. */
export class ConflictError extends HttpError {
  constructor(
    readonly current: unknown,
    message: string = ADMIN_MESSAGES.versionConflict,
  ) {
    super(409, ERROR_CODES.conflict, message);
    this.name = 'ConflictError';
  }
}

/** 409 without a current item (a name already taken…). */
export const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);

/** A unique-constraint violation, from SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}
