import { describe, expect, it } from 'vitest';
import { KIOSK_ID_STORAGE_KEY } from '@plant-kiosk/contract';
import {
  clearSession,
  getKioskId,
  previousToken,
  readSession,
  replaceToken,
  saveKioskId,
  saveSession,
  storageKeys,
} from './session';

describe('session storage', () => {
  it('uses exactly the spec keys', () => {
    expect(storageKeys.jwt('neubourg')).toBe('jwt-neubourg');
    expect(storageKeys.devid('neubourg')).toBe('devid-neubourg');
    expect(storageKeys.parcours).toBe('parcours');
    expect(storageKeys.totem).toBe('totem');
  });

  it('saves, reads and clears the token and development id', () => {
    expect(readSession('neubourg')).toBeNull();
    saveSession('neubourg', 'abc', 7);
    expect(localStorage.getItem('jwt-neubourg')).toBe('abc');
    expect(localStorage.getItem('devid-neubourg')).toBe('7');
    expect(readSession('neubourg')).toEqual({ token: 'abc', devid: 7 });
    expect(readSession('autre')).toBeNull();
    clearSession('neubourg');
    expect(readSession('neubourg')).toBeNull();
  });

  it('treats a missing token or a malformed devid as logged out', () => {
    localStorage.setItem('jwt-neubourg', 'abc');
    expect(readSession('neubourg')).toBeNull();
    localStorage.setItem('devid-neubourg', 'sept');
    expect(readSession('neubourg')).toBeNull();
    localStorage.setItem('devid-neubourg', '7');
    localStorage.setItem('jwt-neubourg', '');
    expect(readSession('neubourg')).toBeNull();
  });

  it('keeps a stable kiosk id in kiosk-id', () => {
    const id = getKioskId();
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(getKioskId()).toBe(id);
    expect(localStorage.getItem('kiosk-id')).toBe(id);
  });

  it('keeps the last token after a logout, for the next login to keep the totem’s identity (issue 47)', () => {
    expect(previousToken('neubourg')).toBeNull();
    saveSession('neubourg', 'first-token', 7);
    expect(previousToken('neubourg')).toBe('first-token');
    clearSession('neubourg');
    expect(readSession('neubourg')).toBeNull();
    expect(localStorage.getItem('jwt-neubourg')).toBeNull();
    expect(previousToken('neubourg')).toBe('first-token');
    expect(previousToken('autre')).toBeNull();
  });

  it('stores the totem id the server gave in place of its own, and a new token from the heartbeat', () => {
    localStorage.setItem(KIOSK_ID_STORAGE_KEY, 'made-up');
    expect(getKioskId()).toBe('made-up');
    saveKioskId('from-the-server');
    expect(localStorage.getItem(KIOSK_ID_STORAGE_KEY)).toBe('from-the-server');
    expect(getKioskId()).toBe('from-the-server');
    saveSession('neubourg', 'old-token', 7);
    replaceToken('neubourg', 'bound-token');
    expect(readSession('neubourg')).toEqual({ token: 'bound-token', devid: 7 });
  });
});
