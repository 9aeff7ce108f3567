import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-client';
import {
  CANCELLED_ERROR,
  cancelledError,
  describeError,
  isAuthRefusal,
  mediaFailedError,
  REAUTH_ERROR,
  SyncError,
} from './sync-errors';

/** As IndexedDB throws it in a browser (jsdom's DOMException is not an Error). */
const quota = () => Object.assign(new Error('Quota exceeded'), { name: 'QuotaExceededError' });

describe('describeError', () => {
  it.each([
    [
      'a SyncError, as it is',
      new SyncError('Données invalides : zones'),
      'Données invalides : zones',
    ],
    ['a cancelled run', cancelledError(), CANCELLED_ERROR],
    ['a refused token', new ApiError(401, 'Token revoked'), REAUTH_ERROR],
    ['no answer', new ApiError(0, 'x', 'network'), 'Serveur injoignable'],
    ['a timeout', new ApiError(0, 'x', 'timeout'), 'Serveur injoignable'],
    ['an aborted request', new ApiError(0, 'x', 'aborted'), CANCELLED_ERROR],
    [
      'a body that is not JSON',
      new ApiError(200, 'x', 'bad_response'),
      'Réponse du serveur invalide',
    ],
    [
      'a server error',
      new ApiError(500, 'Base indisponible', 'internal_error'),
      'Erreur du serveur (HTTP 500 : Base indisponible)',
    ],
    ['a server error without text', new ApiError(502, ''), 'Erreur du serveur (HTTP 502)'],
    ['an IndexedDB failure', quota(), 'Écriture locale impossible (QuotaExceededError)'],
    [
      'a Dexie error wrapping one',
      new Dexie.AbortError('aborted', quota()),
      'Écriture locale impossible (QuotaExceededError)',
    ],
    ['anything else', 'oops', 'Erreur inconnue'],
  ])('describes %s', (_name, error, text) => {
    expect(describeError(error)).toBe(text);
  });
});

describe('sync errors', () => {
  it('tells a refused token apart from other failures', () => {
    expect(isAuthRefusal(new ApiError(401, ''))).toBe(true);
    expect(isAuthRefusal(new ApiError(403, ''))).toBe(false);
    expect(isAuthRefusal(new Error('401'))).toBe(false);
  });

  it('names how many media failed', () => {
    expect(describeError(mediaFailedError({ failed: 2, referenced: 9 }))).toBe(
      '2 média(s) sur 9 non téléchargé(s)',
    );
  });
});
