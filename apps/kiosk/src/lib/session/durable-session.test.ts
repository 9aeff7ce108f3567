/**
 * The session's durable copy (issue 53): mirrored on every change, taken back at start only when
 * localStorage lost the session, and never in the way of a start (IndexedDB failing or slow).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mirrorSession, readMirroredSession, restoreSession } from './durable-session';
import {
  clearSession,
  readSession,
  replaceToken,
  restoreDurableSession,
  saveSession,
} from './session';

beforeEach(() => {
  // A fresh IndexedDB per test: the copy of one must not leak into the next.
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Waits for the mirror's write (fire and forget in session.ts) to land. */
async function mirrored(devname: string) {
  for (let i = 0; i < 50; i++) {
    const found = await readMirroredSession(devname);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return null;
}

describe('the durable copy of the session', () => {
  it('follows a login, a new token and a logout', async () => {
    saveSession('neubourg', 'jeton-1', 3);
    expect(await mirrored('neubourg')).toEqual({ token: 'jeton-1', devid: 3 });
    replaceToken('neubourg', 'jeton-2');
    await vi.waitFor(async () =>
      expect(await readMirroredSession('neubourg')).toEqual({ token: 'jeton-2', devid: 3 }),
    );
    clearSession('neubourg');
    await vi.waitFor(async () => expect(await readMirroredSession('neubourg')).toBeNull());
  });

  it('gives the session back at start when localStorage lost it (a power cut), and only then', async () => {
    await mirrorSession('neubourg', { token: 'jeton-durable', devid: 3 });
    // localStorage has it: nothing is touched.
    saveSession('neubourg', 'jeton-local', 3);
    expect(await restoreDurableSession('neubourg')).toBe(false);
    expect(readSession('neubourg')).toEqual({ token: 'jeton-local', devid: 3 });

    // The cut: localStorage empty, the copy still on disk.
    localStorage.clear();
    await mirrorSession('neubourg', { token: 'jeton-durable', devid: 3 });
    expect(await restoreDurableSession('neubourg')).toBe(true);
    expect(readSession('neubourg')).toEqual({ token: 'jeton-durable', devid: 3 });
    // Another development's totem gets nothing of it.
    expect(await restoreDurableSession('autre')).toBe(false);
    expect(readSession('autre')).toBeNull();
  });

  it('never stops a start: no IndexedDB, a broken one or a slow one mean no copy, not an error', async () => {
    const save = vi.fn();
    vi.stubGlobal('indexedDB', undefined);
    expect(await restoreSession('neubourg', null, save)).toBe(false);
    await expect(mirrorSession('neubourg', { token: 't', devid: 1 })).resolves.toBeUndefined();

    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new Error('disque abîmé');
      },
    });
    expect(await restoreSession('neubourg', null, save)).toBe(false);

    // An open that never answers: the start goes on after the timeout.
    vi.stubGlobal('indexedDB', { open: () => ({}) });
    expect(await restoreSession('neubourg', null, save, 20)).toBe(false);
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses a damaged copy', async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open('plant-kiosk-session', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('sessions');
      request.onsuccess = () => resolve(request.result);
    });
    await new Promise<void>((resolve) => {
      const transaction = db.transaction('sessions', 'readwrite');
      transaction.objectStore('sessions').put({ token: '', devid: 'trois' }, 'neubourg');
      transaction.oncomplete = () => resolve();
    });
    db.close();
    expect(await readMirroredSession('neubourg')).toBeNull();
    expect(await restoreDurableSession('neubourg')).toBe(false);
  });
});
