import 'fake-indexeddb/auto';
import type { Snapshot } from '@plant-kiosk/contract';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../lib/local-db/kiosk-db';
import {
  dropPreviewDb,
  fetchPreviewSnapshot,
  PREVIEW_DB_MAX_AGE_MS,
  previewDbName,
  previewDbOpenedAt,
  sweepPreviewDbs,
  writePreviewContent,
} from './preview-content';

const request = { devid: 2, input: { source: 'draft' as const }, mode: null };

function snapshot(): Snapshot {
  return {
    devid: 2,
    version: 5,
    generatedAt: '2026-11-27T10:00:00.000Z',
    zones: [{ devid: 2, zoneid: 1, zonename: 'Menu', type: 'text', checkList: false }],
    elements: [],
    subelements: [],
    subgroups: [],
  } as Snapshot;
}

function answer(status: number, body: unknown): typeof fetch {
  return (() =>
    Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    )) as typeof fetch;
}

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('the preview snapshot', () => {
  it('asks the back-office’s call with the session cookie and never a cache', async () => {
    let asked: { url: string; init?: RequestInit } | null = null;
    const fetchImpl = ((url: string, init?: RequestInit) => {
      asked = { url, init };
      return Promise.resolve(
        new Response(JSON.stringify({ data: snapshot(), message: '', error: null })),
      );
    }) as unknown as typeof fetch;
    const got = await fetchPreviewSnapshot({ ...request, input: { set: 9 } }, fetchImpl);
    expect(got.version).toBe(5);
    expect(asked).toEqual({
      url: '/api/admin/developments/2/preview?set=9',
      init: { credentials: 'same-origin', cache: 'no-store' },
    });
  });

  it('says in French why it cannot be shown: no session, the server’s refusal, no server', async () => {
    await expect(fetchPreviewSnapshot(request, answer(401, { data: null }))).rejects.toThrow(
      /session du back-office est fermée/,
    );
    await expect(
      fetchPreviewSnapshot(
        request,
        answer(404, {
          data: null,
          message: 'La modification programmée 9 n’existe pas.',
          error: 'not_found',
        }),
      ),
    ).rejects.toThrow('Aperçu impossible : La modification programmée 9 n’existe pas.');
    await expect(fetchPreviewSnapshot(request, answer(502, '<html>proxy</html>'))).rejects.toThrow(
      'Aperçu impossible (erreur 502).',
    );
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(fetchPreviewSnapshot(request, down)).rejects.toThrow(/le serveur ne répond pas/);
  });
});

describe('the preview’s own database', () => {
  it('holds the snapshot, and is gone once dropped', async () => {
    const name = previewDbName(2);
    expect(name).toMatch(/^apercu-2-\d+-[0-9a-f]{12}$/);
    await writePreviewContent(name, snapshot());
    expect(await openKioskDb(name).zones.toArray()).toMatchObject([{ zonename: 'Menu' }]);
    await dropPreviewDb(name);
    expect(await Dexie.getDatabaseNames()).not.toContain(name);
  });

  it('refuses a snapshot that fails the sync’s checks, writing nothing', async () => {
    const name = previewDbName(2);
    const bad = { ...snapshot(), zones: [{ zonename: 'sans id' }] } as unknown as Snapshot;
    await expect(writePreviewContent(name, bad)).rejects.toThrow(/contenu reçu est invalide/);
    expect(await openKioskDb(name).zones.count()).toBe(0);
  });

  it('sweeps the databases of windows gone for longer than the maximum age, and only those', async () => {
    const now = Date.now();
    const old = previewDbName(2, now - PREVIEW_DB_MAX_AGE_MS - 1000);
    const recent = previewDbName(2, now - 1000);
    for (const name of [old, recent, 'neubourg']) await openKioskDb(name).open();
    for (const name of [old, recent, 'neubourg']) openKioskDb(name).close();
    expect(previewDbOpenedAt(recent)).toBe(now - 1000);
    expect(previewDbOpenedAt('neubourg')).toBeNull();
    await sweepPreviewDbs(now);
    const names = await Dexie.getDatabaseNames();
    expect(names).toContain(recent);
    expect(names).toContain('neubourg');
    expect(names).not.toContain(old);
  });
});
