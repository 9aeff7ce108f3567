/**
 * The back-office's import of a content pack (issue 44, part 2): the upload answers what the pack
 * holds and what it will change, and keeps it for an hour; the confirmation writes it into the
 * draft (never to the totems) and leaves nothing in the temporary folder. A hostile pack is
 * refused with every reason; wrong, expired, used or someone else's tokens, a changed target and
 * the rights (editors into their developments, admins only for a new one) are 4xx with the
 * envelope. Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PACK_UPLOAD_FIELD,
  pathOf,
  type Envelope,
  type PackImportResult,
  type PackRefusal,
  type PackUploadQuery,
  type PackUploadSummary,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { buildPack, sampleContent } from '../testing/pack-builder.js';
import { writePlant } from './testing/small-plant.js';

let f: AdminFixture;
let dir: string;
let mediaDir: string;
let source: number;
/** A pack of the small plant, as the back-office's download gives it. */
let plantPack: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pack-upload-'));
  mediaDir = join(dir, 'media');
  f = await createAdminFixture({ config: { dataDir: dir, mediaDir } });
  source = (await writePlant(f.repos, mediaDir, 'usine-source')).devid;
  const admin = await f.asAdmin();
  const download = await admin.get(pathOf('adminExportPack', { params: { devid: source } }));
  expect(download.statusCode).toBe(200);
  plantPack = download.rawPayload;
});

afterAll(async () => {
  await f?.app.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => f.resetClock());
// A failed test leaves its upload: the next ones start with an empty temporary folder.
afterEach(() => rm(join(mediaDir, '.tmp'), { recursive: true, force: true }));

const BOUNDARY = '----plant-kiosk-pack-boundary';

function upload(
  client: AdminClient,
  query: PackUploadQuery,
  bytes: Buffer,
  field: string = PACK_UPLOAD_FIELD,
): Promise<LightMyRequestResponse> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="paquet.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return client.request('POST', pathOf('adminUploadPack', { query }), payload, {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const confirm = (client: AdminClient, token: string, body: Record<string, unknown>) =>
  client.post(pathOf('adminImportPack', { params: { token } }), body);

const envelope = <T>(response: LightMyRequestResponse) => response.json<Envelope<T>>();

const tempEntries = async () => {
  try {
    return await readdir(join(mediaDir, '.tmp'));
  } catch {
    return [];
  }
};

async function draftZoneNames(devid: number): Promise<string[]> {
  return (await f.repos.draft.listZones(devid)).map((zone) => zone.zonename).sort();
}

describe('importing a content pack from the back-office', () => {
  it('sums up the pack and what it will change, then imports it into the draft on confirmation', async () => {
    const admin = await f.asAdmin();
    const devid = f.ids.devid;
    const before = await draftZoneNames(devid);
    const live = await f.repos.live.listZones(devid);

    const response = await upload(admin, { into: devid }, plantPack);
    expect(response.statusCode, response.body).toBe(201);
    const summary = data<PackUploadSummary>(response);
    expect(summary.token).toMatch(/^[0-9a-f]{32}$/);
    expect(summary.bytes).toBe(plantPack.length);
    expect(summary.pack.source).toMatchObject({ devname: 'usine-source', zones: null });
    expect(summary.pack.counts).toMatchObject({ zone: 2, element: 3, alert_template: 1 });
    expect(summary.pack.media.files).toBe(4);
    expect(summary.target).toEqual({ kind: 'into', devid, devname: expect.any(String) });
    const byName = new Map(summary.changes.zones.map((zone) => [zone.zonename, zone]));
    const expected = (zonename: string) => (before.includes(zonename) ? 'replaced' : 'added');
    expect(byName.get('Plan du site')).toMatchObject({
      change: expected('Plan du site'),
      elementsAfter: 2,
    });
    expect(byName.get('Produits')).toMatchObject({
      change: expected('Produits'),
      elementsAfter: 1,
    });
    // Every other zone of the draft goes: an import replaces the whole draft.
    for (const name of before.filter((zone) => !['Plan du site', 'Produits'].includes(zone))) {
      expect(byName.get(name)).toMatchObject({ change: 'removed', elementsAfter: 0 });
    }
    expect(summary.changes.zones.filter((zone) => zone.change === 'removed').length).toBe(
      before.filter((zone) => !['Plan du site', 'Produits'].includes(zone)).length,
    );
    expect(summary.changes.settings).toBe('replaced');
    expect(summary.changes.alertTemplates.after).toBe(1);
    // Nothing written yet; only the pack and its record wait.
    expect(await draftZoneNames(devid)).toEqual(before);
    expect(await tempEntries()).toEqual([`import-${summary.token}`]);
    expect((await readdir(join(mediaDir, '.tmp', `import-${summary.token}`))).sort()).toEqual([
      'pack.zip',
      'upload.json',
    ]);

    const imported = await confirm(admin, summary.token, { into: devid });
    expect(imported.statusCode, imported.body).toBe(200);
    const result = data<PackImportResult>(imported);
    expect(result).toMatchObject({ devid, created: false });
    expect(envelope(imported).message).toMatch(/modifications non publiées/);
    expect(await draftZoneNames(devid)).toEqual(['Plan du site', 'Produits']);
    // The totems still have the published revision.
    expect(await f.repos.live.listZones(devid)).toEqual(live);
    const [entry] = (await f.repos.audit.list({ devid, limit: 1 })) ?? [];
    expect(entry).toMatchObject({ action: 'pack.import', username: 'admin' });
    expect(await tempEntries()).toEqual([]);

    // The same token again: used.
    const again = await confirm(admin, summary.token, { into: devid });
    expect(again.statusCode).toBe(404);
    expect(envelope(again).message).toMatch(/inconnu ou déjà importé/);
  });

  it('says which zones a pack replaces, and which files the library already holds', async () => {
    const admin = await f.asAdmin();
    // The source itself: its zones are replaced, its files (put in its library) reused.
    const response = await upload(admin, { into: source }, plantPack);
    expect(response.statusCode, response.body).toBe(201);
    const summary = data<PackUploadSummary>(response);
    expect(summary.changes.zones).toEqual([
      { zonename: 'Plan du site', change: 'replaced', elementsBefore: 2, elementsAfter: 2 },
      { zonename: 'Produits', change: 'replaced', elementsBefore: 1, elementsAfter: 1 },
    ]);
    expect(summary.changes.alertTemplates).toEqual({ before: 1, after: 1 });
    const discard = await admin.delete(
      pathOf('adminDiscardPackUpload', { params: { token: summary.token } }),
    );
    expect(discard.statusCode).toBe(200);
    expect(await tempEntries()).toEqual([]);
    expect((await confirm(admin, summary.token, { into: source })).statusCode).toBe(404);
  });

  it('creates a new development with its kiosk account (admins only)', async () => {
    const admin = await f.asAdmin();
    const response = await upload(admin, { as: 'usine-importee' }, plantPack);
    expect(response.statusCode, response.body).toBe(201);
    const summary = data<PackUploadSummary>(response);
    expect(summary.target).toEqual({ kind: 'as', devid: null, devname: 'usine-importee' });
    expect(summary.changes.zones.every((zone) => zone.change === 'added')).toBe(true);
    expect(summary.changes.mediaInLibrary).toBe(0);
    const imported = await confirm(admin, summary.token, {
      as: 'usine-importee',
      login: 'borne',
      password: 'borne-secrete',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const result = data<PackImportResult>(imported);
    expect(result).toMatchObject({ devname: 'usine-importee', created: true, mediaAdded: 4 });
    expect(await draftZoneNames(result.devid)).toEqual(['Plan du site', 'Produits']);
    expect(await f.repos.accounts.findKioskAccount(result.devid, 'borne')).toBeTruthy();

    // The name is taken now: refused at the upload, nothing kept.
    const taken = await upload(admin, { as: 'usine-importee' }, plantPack);
    expect(taken.statusCode).toBe(409);
    expect(envelope(taken).message).toMatch(/existe déjà/);
    expect(await tempEntries()).toEqual([]);
  });

  it('lets an editor import into their development only, and never create one', async () => {
    const editor = await f.asEditor();
    expect((await upload(editor, { into: f.ids.otherDevid }, plantPack)).statusCode).toBe(403);
    expect((await upload(editor, { as: 'usine-editrice' }, plantPack)).statusCode).toBe(403);
    const mine = await upload(editor, { into: f.ids.devid }, plantPack);
    expect(mine.statusCode, mine.body).toBe(201);
    const { token } = data<PackUploadSummary>(mine);
    // Another user's upload is as unknown to them as a wrong token.
    const admin = await f.asAdmin();
    expect((await confirm(admin, token, { into: f.ids.devid })).statusCode).toBe(404);
    const imported = await confirm(editor, token, { into: f.ids.devid });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await tempEntries()).toEqual([]);
  });

  it('refuses a hostile pack with every reason, keeping nothing', async () => {
    const admin = await f.asAdmin();
    const content = sampleContent();
    content.element[0]!.zoneid = 999;
    const hostile = await buildPack({
      content,
      extra: [{ name: 'notes.txt', data: Buffer.from('hors manifeste') }],
    });
    const response = await upload(admin, { into: f.ids.devid }, hostile);
    expect(response.statusCode).toBe(422);
    const answer = envelope<PackRefusal>(response);
    expect(answer.error).toBe('bad_request');
    expect(answer.message).toMatch(/Paquet refusé pour \d+ raisons/);
    expect(answer.data!.reasons.length).toBeGreaterThanOrEqual(2);
    expect(answer.data!.reasons.join('\n')).toMatch(/notes\.txt/);
    expect(answer.data!.reasons.join('\n')).toMatch(/999/);
    expect(await tempEntries()).toEqual([]);

    const notZip = await upload(admin, { into: f.ids.devid }, Buffer.from('pas un zip'));
    expect(notZip.statusCode).toBe(422);
    expect(envelope<PackRefusal>(notZip).data!.reasons).toHaveLength(1);
    expect(await tempEntries()).toEqual([]);
  });

  it('answers 4xx with the envelope for a bad target, request, token or confirmation', async () => {
    const admin = await f.asAdmin();
    const both = await upload(admin, { into: f.ids.devid, as: 'x' }, plantPack);
    expect(both.statusCode).toBe(400);
    expect(envelope(both).message).toMatch(/destination/);
    expect((await upload(admin, {}, plantPack)).statusCode).toBe(400);
    expect((await upload(admin, { into: 99_999 }, plantPack)).statusCode).toBe(404);
    expect((await upload(admin, { into: f.ids.devid }, plantPack, 'autre')).statusCode).toBe(400);
    const json = await admin.post(pathOf('adminUploadPack', { query: { into: f.ids.devid } }), {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
    expect(await tempEntries()).toEqual([]);

    const wrong = await confirm(admin, 'f'.repeat(32), { into: f.ids.devid });
    expect(wrong.statusCode).toBe(404);
    expect((await confirm(admin, 'pas-un-jeton', { into: f.ids.devid })).statusCode).toBe(400);

    const { token } = data<PackUploadSummary>(
      await upload(admin, { into: f.ids.devid }, plantPack),
    );
    expect((await confirm(admin, token, {})).statusCode).toBe(400);
    const other = await confirm(admin, token, { into: f.ids.otherDevid });
    expect(other.statusCode).toBe(409);
    expect(envelope(other).message).toMatch(/destination ne correspond pas/);
    const account = await confirm(admin, token, {
      into: f.ids.devid,
      login: 'borne',
      password: 'borne-secrete',
    });
    expect(account.statusCode).toBe(400);

    // An hour and a minute later: expired, and removed.
    f.clock.now = new Date(f.clock.now.getTime() + 61 * 60_000);
    const late = await confirm(admin, token, { into: f.ids.devid });
    expect(late.statusCode).toBe(404);
    expect(envelope(late).message).toMatch(/expiré/);
    expect(await tempEntries()).toEqual([]);
  });

  it('removes the uploads nobody confirmed within the hour at the next upload', async () => {
    const admin = await f.asAdmin();
    const { token } = data<PackUploadSummary>(
      await upload(admin, { into: f.ids.devid }, plantPack),
    );
    // A folder without its record (an upload cut short), old on disk.
    const stray = join(mediaDir, '.tmp', `import-${'a'.repeat(32)}`);
    await mkdir(stray, { recursive: true });
    await writeFile(join(stray, 'pack.zip'), 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(stray, old, old);
    f.clock.now = new Date(f.clock.now.getTime() + 61 * 60_000);
    const next = await upload(admin, { into: f.ids.devid }, plantPack);
    expect(next.statusCode).toBe(201);
    expect(await tempEntries()).toEqual([`import-${data<PackUploadSummary>(next).token}`]);
    expect(await tempEntries()).not.toContain(`import-${token}`);
    await admin.delete(
      pathOf('adminDiscardPackUpload', { params: { token: data<PackUploadSummary>(next).token } }),
    );
  });
});
