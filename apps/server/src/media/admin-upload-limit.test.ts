/**
 * An upload over the size limit is refused whole (outside probe, round 3, item 3): a video of
 * 200 MiB + 4 KiB was cut by the multipart parser at exactly 200 MiB, its stream ended as if
 * complete, and the cut file was stored with 201 "Fichier ajouté". Over the limit is 413, with
 * nothing stored: no row, no file in the library, nothing left in the temporary folder.
 *
 * The same code path as production, with small limits (AppOptions.mediaMaxBytes), through a real
 * HTTP upload (the body streams in over a socket, as a browser sends it).
 */
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  ADMIN_CSRF_HEADER,
  ERROR_CODES,
  MEDIA_UPLOAD_FIELD,
  type Envelope,
  type MediaItem,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

const KB = 1024;
/** Video the largest kind, as in production: the multipart parser's cut is the video limit. */
const LIMITS = { image: 16 * KB, pdf: 32 * KB, video: 64 * KB } as const;

let f: AdminFixture;
let editor: AdminClient;
let base: string;
beforeAll(async () => {
  f = await createAdminFixture({ app: { mediaMaxBytes: LIMITS } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
  editor = await f.asEditor();
});
afterAll(async () => {
  await f.close();
});

/** An MP4 file (its `ftyp` box, then filler) of exactly `size` bytes. */
function mp4(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) % 251;
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isomavc1', 16, 'latin1');
  return bytes;
}

async function upload(filename: string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELD, new Blob([bytes], { type: 'video/mp4' }), filename);
  return fetch(base + pathOf('adminMedia', { params: { devid: f.ids.devid } }), {
    method: 'POST',
    headers: { cookie: editor.cookie, [ADMIN_CSRF_HEADER]: editor.csrf },
    body: form,
  });
}

const stored = async (prefix: string) =>
  (await f.repos.media.listNewestFirst(f.ids.devid)).filter((row) =>
    (row.original_name ?? '').startsWith(prefix),
  );
const filesOf = (folder: string) => {
  const dir = join(f.config.mediaDir, folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('an upload over the size limit', () => {
  it('a video 4 KiB over the largest limit is a 413, and nothing is stored', async () => {
    const response = await upload('visite-usine.mp4', mp4(LIMITS.video + 4 * KB, 1));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      data: null,
      message: 'Fichier trop volumineux : une vidéo ne peut dépasser 64 Ko.',
      error: ERROR_CODES.payloadTooLarge,
    });
    expect(await stored('visite-usine')).toEqual([]);
    expect(filesOf(`uploads/${f.ids.devid}`).filter((name) => name.startsWith('visite'))).toEqual(
      [],
    );
    expect(filesOf('.tmp')).toEqual([]);
  });

  it('a video one byte over is refused too; one exactly at the limit is stored whole', async () => {
    const over = await upload('un-octet-de-trop.mp4', mp4(LIMITS.video + 1, 2));
    expect(over.status).toBe(413);
    expect(await stored('un-octet-de-trop')).toEqual([]);

    const exact = await upload('juste-a-la-limite.mp4', mp4(LIMITS.video, 3));
    expect(exact.status).toBe(201);
    const item = ((await exact.json()) as Envelope<MediaItem>).data!;
    expect(item).toMatchObject({ kind: 'video', bytes: LIMITS.video });
    expect(filesOf('.tmp')).toEqual([]);
  });
});
