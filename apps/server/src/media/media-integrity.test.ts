/**
 * Media integrity (issue 40, item 10; decision 029): a library file missing, cut or altered on
 * disk, or a broken pre-compressed copy beside a good original, is noticed — in the library's
 * answer, in /healthz's data and by the publish checks — and never served, let alone immutable.
 */
import { mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  MEDIA_UPLOAD_FIELD,
  type AdminElement,
  type DraftChanges,
  type Envelope,
  type HealthResponse,
  type MediaItem,
  type PublishRefusal,
  pathOf,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let editor: AdminClient;
beforeAll(async () => {
  ({ f, editor } = await createAdminSuite({
    config: { publishChecks: true },
    app: { mediaIntegrity: { pauseMs: 0, refreshDelayMs: 10 } },
  }));
});
afterAll(async () => {
  await f.close();
});

const BOUNDARY = '----plant-kiosk-integrity-boundary';

async function upload(name: string, bytes: Uint8Array): Promise<LightMyRequestResponse> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${MEDIA_UPLOAD_FIELD}"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return editor.request(
    'POST',
    pathOf('adminUploadMedia', { params: { devid: f.ids.devid } }),
    payload,
    {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    },
  );
}

/** A small PDF whose bytes differ by `tag` (so each test has its own file). */
const pdf = (tag: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${tag}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

async function uploaded(tag: string): Promise<MediaItem> {
  const response = await upload(`${tag}.pdf`, pdf(tag));
  expect(response.statusCode, response.body).toBe(201);
  return data<MediaItem>(response);
}

const onDisk = (item: MediaItem) => join(f.config.mediaDir, item.value);
const integrity = () => f.app.kiosk.mediaIntegrity;

async function libraryItem(mediaid: number): Promise<MediaItem> {
  const list = data<MediaItem[]>(
    await editor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
  );
  return list.find((item) => item.mediaid === mediaid)!;
}

async function health(): Promise<HealthResponse> {
  const response = await f.app.inject({ url: '/healthz' });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<HealthResponse>>().data!;
}

async function setValue(elementid: number, value: string): Promise<void> {
  const current = data<AdminElement>(
    await editor.get(pathOf('adminElement', { params: { elementid } })),
  );
  const response = await editor.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
    expectedVersion: current.version,
    value,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a library file missing or damaged on disk', () => {
  it('is served immutable only once checked, and is fine in the library and /healthz', async () => {
    const item = await uploaded('intact');
    await integrity().idle();
    expect((await libraryItem(item.mediaid)).fileProblem).toBeNull();
    const response = await f.app.inject({ url: item.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const { media } = await health();
    expect(media).toMatchObject({ missing: 0, damaged: 0, pending: 0 });
    expect(media!.files).toBeGreaterThanOrEqual(1);
  });

  it('deleted: shown in the library and /healthz, a 404 never cached, a publish refused', async () => {
    const item = await uploaded('efface');
    await integrity().idle();
    rmSync(onDisk(item));

    expect((await libraryItem(item.mediaid)).fileProblem).toBe('missing');
    expect((await health()).media!.missing).toBeGreaterThanOrEqual(1);

    const response = await f.app.inject({ url: item.url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<Envelope<null>>()).toMatchObject({
      data: null,
      error: 'not_found',
      message: expect.stringContaining('Fichier manquant sur le serveur'),
    });

    const elementid = f.ids.planElements[4]!;
    await setValue(elementid, item.value);
    const refused = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(refused.statusCode, refused.body).toBe(409);
    const answer = refused.json<Envelope<PublishRefusal>>();
    expect(answer.data!.problems).toEqual([
      expect.objectContaining({
        code: 'damaged-media',
        elementid,
        message: `Zone « Plan du site » : l’élément ${elementid} montre « ${item.value} », dont le fichier est manquant sur le serveur : envoyez-le de nouveau dans la médiathèque (ou choisissez-en un autre) avant de publier.`,
      }),
    ]);
    expect(answer.message).toContain(item.value);
    // The draft's changes list the same problems before anyone presses « Publier » (the preview's
    // band, issue 46).
    const draft = await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } }));
    expect(draft.json<Envelope<DraftChanges>>().data!.problems).toEqual(answer.data!.problems);

    // Sending the same file again repairs it: the publish goes through.
    const again = await upload('efface.pdf', pdf('efface'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Envelope<MediaItem>>().message).toContain('remplacé');
    expect(readFileSync(onDisk(item)).equals(pdf('efface'))).toBe(true);
    expect(data<MediaItem>(again).fileProblem).toBeNull();
    const repaired = await editor.get(
      pathOf('adminDraftChanges', { params: { devid: f.ids.devid } }),
    );
    expect(repaired.json<Envelope<DraftChanges>>().data!.problems).toEqual([]);
    const published = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(published.statusCode, published.body).toBe(200);
  });

  it('truncated: shown as damaged, answered 500 with the envelope, never immutable', async () => {
    const item = await uploaded('coupe');
    await integrity().idle();
    truncateSync(onDisk(item), 20);

    expect((await libraryItem(item.mediaid)).fileProblem).toBe('wrong-size');
    expect((await health()).media!.damaged).toBeGreaterThanOrEqual(1);
    for (const url of [item.url, `/media/${item.value}`]) {
      const response = await f.app.inject({ url });
      expect(response.statusCode, url).toBe(500);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json<Envelope<null>>()).toMatchObject({
        data: null,
        error: 'internal_error',
        message: expect.stringContaining('Fichier endommagé sur le serveur'),
      });
    }
    rmSync(onDisk(item));
    writeFileSync(onDisk(item), pdf('coupe'));
  });

  it('same size, other bytes: found by the background hash pass', async () => {
    const item = await uploaded('altere');
    await integrity().idle();
    const bytes = readFileSync(onDisk(item));
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    writeFileSync(onDisk(item), bytes);
    // A stat sees the right size: only the hash can tell.
    await integrity().refresh();
    await integrity().idle();

    expect((await libraryItem(item.mediaid)).fileProblem).toBe('changed');
    expect((await health()).media!.damaged).toBeGreaterThanOrEqual(1);
    const response = await f.app.inject({ url: item.url });
    expect(response.statusCode).toBe(500);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('computes the hash of a row stored without one, in the background', async () => {
    const path = 'images/ancien-0a0b0c0d.svg';
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    mkdirSync(join(f.config.mediaDir, 'images'), { recursive: true });
    writeFileSync(join(f.config.mediaDir, path), svg);
    await f.repos.media.insert({
      devid: f.ids.devid,
      path,
      content_type: 'image/svg+xml',
      size: svg.length,
      sha256: 'a'.repeat(64),
      file_sha256: null as unknown as string,
      thumbnail_size: null,
      thumbnail_sha256: null,
      kind: 'image',
      original_name: 'ancien.svg',
      width: null,
      height: null,
      thumbnail_path: null,
      created_at: new Date().toISOString(),
    });
    await integrity().refresh();
    await integrity().idle();
    const row = await f.repos.media.findByPath(path);
    expect(row!.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.file_sha256).not.toBe('a'.repeat(64));
  });
});

describe('pre-compressed copies', () => {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="5" cy="5" r="4"/>'.repeat(80)}</svg>`,
  );
  const path = 'images/copie-1f2e3d4c.svg';
  const file = () => join(f.config.mediaDir, path);

  it('never sends a corrupted .br: the original instead (or a good .gz)', async () => {
    mkdirSync(join(f.config.mediaDir, 'images'), { recursive: true });
    writeFileSync(file(), svg);
    const br = brotliCompressSync(svg);
    writeFileSync(`${file()}.br`, br.subarray(0, br.length - 5));
    writeFileSync(`${file()}.gz`, gzipSync(svg));

    const plain = await f.app.inject({
      url: `/media/${path}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(svg)).toBe(true);

    const gzip = await f.app.inject({
      url: `/media/${path}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    // A copy of another file, decoding fine but to other bytes, is refused too.
    writeFileSync(`${file()}.br`, brotliCompressSync(Buffer.from(`${svg.toString()} `)));
    const other = await f.app.inject({
      url: `/media/${path}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(other.rawPayload.equals(svg)).toBe(true);

    // A good copy is sent.
    writeFileSync(`${file()}.br`, brotliCompressSync(svg));
    const good = await f.app.inject({
      url: `/media/${path}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(good.headers['content-encoding']).toBe('br');
  });
});
