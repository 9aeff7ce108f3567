import { describe, expect, it } from 'vitest';
import { clearSession, getKioskId, readSession, saveSession, storageKeys } from './session';

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
});
