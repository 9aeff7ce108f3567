/**
 * The back-office's download of a content pack (issue 44): an admin — or an editor of the
 * development — gets the published content and its media as a zip that the reader accepts; an
 * editor of another development is refused; an unknown revision or zone is a 404, a missing file a
 * 409 saying which; the export is audited and leaves no temporary file. Runs on SQLite (`server`)
 * and PostgreSQL (`server-pg`).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathOf, type Envelope } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { readPack } from './pack-reader.js';
import { writePlant } from './testing/small-plant.js';

let f: AdminFixture;
let dir: string;
let devid: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pack-route-'));
  f = await createAdminFixture({ config: { dataDir: dir, mediaDir: join(dir, 'media') } });
  devid = (await writePlant(f.repos, join(dir, 'media'), 'usine-telechargement')).devid;
  // The fixture's editor is assigned to its development A only.
});

afterAll(async () => {
  await f?.app.close();
  await rm(dir, { recursive: true, force: true });
});

const pack = (query?: { revision?: number; zones?: string }) =>
  pathOf('adminExportPack', { params: { devid }, query });

describe('downloading a content pack from the back-office', () => {
  it('gives an admin the published content and its media, as a pack the reader accepts', async () => {
    const admin = await f.asAdmin();
    const response = await admin.get(pack());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="paquet-usine-telechargement-revision-\d+\.zip"/,
    );
    const file = join(dir, 'downloaded.zip');
    await writeFile(file, response.rawPayload);
    const read = await readPack(file, { tempDir: dir });
    try {
      expect(read.content.zone.map((zone) => zone.zonename)).toEqual(['Plan du site', 'Produits']);
      expect(read.media).toHaveLength(4);
    } finally {
      await read.dispose();
    }
    const [entry] = (await f.repos.audit.list({ devid, limit: 1 })) ?? [];
    expect(entry).toMatchObject({ action: 'pack.export', username: 'admin' });
    expect(await readdir(join(dir, 'media', '.tmp'))).toEqual([]);
  });

  it('exports only the zones named', async () => {
    const admin = await f.asAdmin();
    const response = await admin.get(pack({ zones: 'Produits' }));
    expect(response.statusCode).toBe(200);
    const file = join(dir, 'zones.zip');
    await writeFile(file, response.rawPayload);
    const read = await readPack(file, { tempDir: dir });
    try {
      expect(read.content.zone.map((zone) => zone.zonename)).toEqual(['Produits']);
    } finally {
      await read.dispose();
    }
  });

  it('refuses an editor of another development, an unknown revision or zone, a missing file', async () => {
    expect((await (await f.asEditor()).get(pack())).statusCode).toBe(403);
    const admin = await f.asAdmin();
    const message = (response: { json: <T>() => T }) => response.json<Envelope<null>>().message;
    const revision = await admin.get(pack({ revision: 99 }));
    expect(revision.statusCode).toBe(404);
    expect(message(revision)).toMatch(/révision 99/);
    const zone = await admin.get(pack({ zones: 'Menu' }));
    expect(zone.statusCode).toBe(404);
    expect(message(zone)).toMatch(/« Menu »/);
    await rm(join(dir, 'media', 'uploads', '1', 'plan-0a1b2c3d.webp'));
    const missing = await admin.get(pack());
    expect(missing.statusCode).toBe(409);
    expect(message(missing)).toMatch(/plan-0a1b2c3d\.webp/);
    expect(await readdir(join(dir, 'media', '.tmp'))).toEqual([]);
  });
});
