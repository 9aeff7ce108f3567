import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import {
  ADMIN_CSRF_HEADER,
  ERROR_CODES,
  MEDIA_MAX_BYTES,
  MEDIA_UPLOAD_FIELD,
  type AdminAlertTemplate,
  type AdminElement,
  type AlertTemplateInput,
  type AuditEntry,
  type Envelope,
  type MediaItem,
  pathOf,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

// One fixture for the file (building the app is the slow part): each test uploads its own files.
let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
});
afterAll(async () => {
  await f.close();
});

const BOUNDARY = '----plant-kiosk-test-boundary';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(
  filename: string,
  bytes: Uint8Array,
  options: { field?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\n` +
      `Content-Disposition: form-data; name="${options.field ?? MEDIA_UPLOAD_FIELD}"; filename="${filename}"\r\n` +
      `Content-Type: ${options.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

async function upload(
  client: AdminClient,
  filename: string,
  bytes: Uint8Array,
  options: { devid?: number; field?: string; type?: string; csrf?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(filename, bytes, options);
  return client.request(
    'POST',
    pathOf('adminUploadMedia', { params: { devid: options.devid ?? f.ids.devid } }),
    body.payload,
    {
      headers: body.headers,
      csrf: options.csrf,
    },
  );
}

const envelope = (response: LightMyRequestResponse) => response.json<Envelope<unknown>>();

/** A noisy picture (so it does not compress to nothing), of the given size. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const file = (path: string) => join(f.config.mediaDir, path);
const tempFiles = (): string[] => {
  const dir = join(f.config.mediaDir, '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/admin/developments/:devid/media', () => {
  it('stores an image at kiosk size with a thumbnail, never upscaled, and audits it', async () => {
    const response = await upload(editor, 'Plan du hall.PNG', await picture(2000, 1000));
    expect(response.statusCode, response.body).toBe(201);
    expect(envelope(response).message).toBe('Fichier ajouté à la médiathèque.');
    const item = data<MediaItem>(response);
    expect(item).toMatchObject({
      devid: f.ids.devid,
      kind: 'image',
      originalName: 'Plan du hall.PNG',
      contentType: 'image/webp',
      width: 1080,
      height: 540,
      usedBy: [],
    });
    expect(item.value).toMatch(
      new RegExp(`^media/uploads/${f.ids.devid}/plan-du-hall-[0-9a-f]{8}\\.webp$`),
    );
    expect(item.url).toBe(`/${item.value}`);
    const stored = await sharp(file(item.value.slice('media/'.length))).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1080, 540]);
    const thumbnail = await sharp(file(item.thumbnailUrl!.slice('/media/'.length))).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 160]);
    expect(tempFiles()).toEqual([]);

    // Served where the kiosks fetch media.
    const served = await f.app.inject({ method: 'GET', url: item.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const small = data<MediaItem>(
      await upload(editor, 'petit.jpg', await picture(400, 300, 'jpeg')),
    );
    expect([small.width, small.height]).toEqual([400, 300]);

    const [entry] = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
    );
    expect(entry).toMatchObject({
      action: 'media.upload',
      username: 'editrice',
      targetType: 'media',
      targetId: small.mediaid,
      summary: { after: { originalName: 'petit.jpg', kind: 'image', value: small.value } },
    });
  });

  it('stores a PDF as sent, reachable under the kiosk’s relative pdf/ path too', async () => {
    const response = await upload(admin, 'Guide sécurité.pdf', PDF);
    expect(response.statusCode, response.body).toBe(201);
    const item = data<MediaItem>(response);
    expect(item).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', bytes: PDF.length });
    expect(item.thumbnailUrl).toBeNull();
    expect(item.value).toMatch(
      new RegExp(`^pdf/uploads/${f.ids.devid}/guide-securite-[0-9a-f]{8}\\.pdf$`),
    );
    for (const url of [`/${item.value}`, `/media/${item.value}`]) {
      const served = await f.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('decides the type from the content, not the name', async () => {
    // A PNG named .pdf is an image.
    const png = await upload(editor, 'pas-un-pdf.pdf', await picture(50, 40), {
      type: 'application/pdf',
    });
    expect(png.statusCode, png.body).toBe(201);
    expect(data<MediaItem>(png)).toMatchObject({ kind: 'image', width: 50, height: 40 });

    // Text named .png is refused.
    const text = await upload(editor, 'image.png', Buffer.from('Bonjour, je suis du texte.\n'), {
      type: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    expect(envelope(text)).toMatchObject({
      data: null,
      error: ERROR_CODES.unsupportedMediaType,
      message: expect.stringContaining('Type de fichier non pris en charge'),
    });

    // A Matroska (not WebM) video, a HEIC-like ISO file: not something every kiosk can play.
    const mkv = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('matroska')]);
    expect((await upload(editor, 'film.webm', mkv)).statusCode).toBe(415);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses SVG, scripts or not, with a message saying why', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
    );
    const response = await upload(editor, 'logo.png', svg, { type: 'image/png' });
    expect(response.statusCode).toBe(415);
    expect(envelope(response).message).toMatch(/SVG sont refusées.*scripts/);
  });

  it('refuses a file over its kind’s limit with 413, leaving nothing behind', async () => {
    const jpeg = Buffer.alloc(MEDIA_MAX_BYTES.image + 1);
    (await picture(8, 8, 'jpeg')).copy(jpeg);
    const response = await upload(editor, 'enorme.jpg', jpeg);
    expect(response.statusCode).toBe(413);
    expect(envelope(response)).toMatchObject({
      error: ERROR_CODES.payloadTooLarge,
      message: 'Fichier trop volumineux : une image ne peut dépasser 20 Mo.',
    });
    expect(tempFiles()).toEqual([]);
    expect(
      readdirSync(file(`uploads/${f.ids.devid}`)).some((name) => name.startsWith('enorme')),
    ).toBe(false);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // A real 1×1 PNG whose header claims 20000 × 20000 pixels (400 Mpx).
    const png = Buffer.from(await picture(1, 1));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const response = await upload(editor, 'bombe.png', png);
    expect(response.statusCode, response.body).toBe(413);
    expect(envelope(response).message).toContain('20000 × 20000 pixels');
    expect(tempFiles()).toEqual([]);
  });

  it('checks the session, the CSRF token and the editor’s developments', async () => {
    const body = multipart('a.png', await picture(10, 10));
    const anonymous = await f.app.inject({
      method: 'POST',
      url: pathOf('adminUploadMedia', { params: { devid: f.ids.devid } }),
      payload: body.payload,
      headers: { ...body.headers, [ADMIN_CSRF_HEADER]: editor.csrf },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(editor, 'a.png', await picture(10, 10), { csrf: null })).statusCode).toBe(
      403,
    );
    const elsewhere = await upload(otherEditor, 'a.png', await picture(10, 10));
    expect(elsewhere.statusCode).toBe(403);
    expect(envelope(elsewhere).message).toBe('Vous n’avez pas accès à ce développement.');
    expect(
      (await otherEditor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } }))).statusCode,
    ).toBe(403);
    expect((await upload(admin, 'a.png', await picture(10, 10), { devid: 999 })).statusCode).toBe(
      404,
    );
  });

  it('answers 415 to a body that is not multipart, 400 without a file', async () => {
    const json = await admin.post(pathOf('adminUploadMedia', { params: { devid: f.ids.devid } }), {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(admin, 'a.png', await picture(10, 10), { field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(envelope(wrongField).message).toContain('Aucun fichier reçu');
    expect((await upload(admin, 'vide.png', Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('gives the same item back when the same file is uploaded again', async () => {
    const bytes = await picture(30, 30);
    const first = data<MediaItem>(await upload(editor, 'double.png', bytes));
    const again = await upload(editor, 'double.png', bytes);
    expect(again.statusCode).toBe(200);
    expect(envelope(again).message).toBe('Ce fichier est déjà dans la médiathèque.');
    expect(data<MediaItem>(again).mediaid).toBe(first.mediaid);
  });
});

describe('GET and DELETE media', () => {
  it('lists a development’s media, newest first, with thumbnails, filtered by kind', async () => {
    const item = data<MediaItem>(await upload(editor, 'liste.png', await picture(60, 60)));
    const list = data<MediaItem[]>(
      await editor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
    );
    expect(list[0]).toEqual(item);
    expect(list.every((media) => media.devid === f.ids.devid)).toBe(true);
    const pdfs = data<MediaItem[]>(
      await editor.get(
        pathOf('adminMedia', { params: { devid: f.ids.devid }, query: { kind: 'pdf' } }),
      ),
    );
    expect(pdfs.length).toBeGreaterThan(0);
    expect(pdfs.every((media) => media.kind === 'pdf')).toBe(true);
    // Development B's editor sees B's library (empty here), never A's.
    expect(
      data<MediaItem[]>(
        await otherEditor.get(pathOf('adminMedia', { params: { devid: f.ids.otherDevid } })),
      ),
    ).toEqual([]);
  });

  it('refuses to delete a file that the draft, the published content or a kept revision uses; deletes one unused by all', async () => {
    const item = data<MediaItem>(await upload(editor, 'utilise.png', await picture(70, 70)));
    const elementid = f.ids.planElements[3]!;
    const edit = await editor.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
      expectedVersion: 1,
      value: item.value,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const listed = data<MediaItem[]>(
      await editor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
    ).find((media) => media.mediaid === item.mediaid);
    expect(listed?.usedBy).toEqual([
      {
        type: 'element',
        id: elementid,
        zoneid: f.ids.planZone,
        zonename: 'Plan du site',
        elementid,
        subgroupid: null,
        fieldlabel: null,
        inDraft: true,
        published: false,
      },
    ]);
    // Published: the totems show it from now on.
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200);

    expect(
      (await otherEditor.delete(pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } })))
        .statusCode,
    ).toBe(403);
    const refused = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused).message).toBe(
      `Ce fichier est encore utilisé par un contenu : zone « Plan du site », élément ${elementid}. Retirez-le de ces contenus avant de le supprimer.`,
    );
    expect(data<MediaItem>(refused).usedBy).toHaveLength(1);
    expect(existsSync(file(item.value.slice('media/'.length)))).toBe(true);

    const version = data<AdminElement>(edit).version;
    const back = await editor.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
      expectedVersion: version,
      value: '/media/images/plan-4.png',
    });
    expect(back.statusCode, back.body).toBe(200);
    // Gone from the draft, but a totem may still show it until the next publish.
    const stillShown = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(stillShown.statusCode).toBe(409);
    expect(data<MediaItem>(stillShown).usedBy).toEqual([
      expect.objectContaining({ type: 'element', id: elementid, inDraft: false, published: true }),
    ]);
    expect(envelope(stillShown).message).toContain('publiez pour le libérer');
    expect(existsSync(file(item.value.slice('media/'.length)))).toBe(true);
    const published = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(published.statusCode).toBe(200);
    // Out of the draft and of live, but the revision before still shows it: a rollback needs it
    // (rollback and publish checks, every revision is kept).
    const kept = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(kept.statusCode).toBe(409);
    expect(envelope(kept).message).toBe(
      `Ce fichier est utilisé par la révision ${data<{ revision: number }>(published).revision - 1} : il doit rester pour qu’on puisse revenir à cette version.`,
    );
    expect(existsSync(file(item.value.slice('media/'.length)))).toBe(true);

    // A file no revision ever showed is deleted, with its thumbnail.
    const unused = data<MediaItem>(
      await upload(editor, 'jamais-publie.png', await picture(60, 60)),
    );
    expect(
      (
        await editor.delete(pathOf('adminDeleteMedia', { params: { mediaid: unused.mediaid } }), {
          csrf: null,
        })
      ).statusCode,
    ).toBe(403);
    const deleted = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: unused.mediaid } }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(data(deleted)).toEqual({ deleted: unused.mediaid });
    expect(existsSync(file(unused.value.slice('media/'.length)))).toBe(false);
    expect(existsSync(file(unused.thumbnailUrl!.slice('/media/'.length)))).toBe(false);
    const list = data<MediaItem[]>(
      await editor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
    );
    expect(list.some((media) => media.mediaid === unused.mediaid)).toBe(false);
    expect(
      (await editor.delete(pathOf('adminDeleteMedia', { params: { mediaid: unused.mediaid } })))
        .statusCode,
    ).toBe(404);

    const [entry] = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
    );
    expect(entry).toMatchObject({ action: 'media.delete', targetId: unused.mediaid });
  });

  it('counts a sub-group field value as a use', async () => {
    const item = data<MediaItem>(await upload(admin, 'produit.png', await picture(80, 80)));
    const subelement = await f.repos.draft.createSubelement({
      elementid: f.ids.category,
      order: 9,
      value: `/${item.value}`,
      type: 'image',
      subgroupid: f.ids.liveProduct,
      fieldlabel: 'image',
    });
    const refused = await admin.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(data<MediaItem>(refused).usedBy).toEqual([
      expect.objectContaining({
        type: 'subelement',
        id: subelement.subelementid,
        subgroupid: f.ids.liveProduct,
        fieldlabel: 'image',
      }),
    ]);
    expect(envelope(refused).message).toContain('champ « image »');
  });

  it('refuses to delete the image of an alert template, draft or published, naming it; deletes it once neither uses it', async () => {
    const item = data<MediaItem>(await upload(editor, 'evacuation.png', await picture(90, 90)));
    const template: AlertTemplateInput = {
      name: 'Évacuation',
      kind: 'evacuation',
      titleFr: 'Évacuation immédiate',
      titleEn: 'Evacuate now',
      instructionsFr: 'Sortez par la sortie la plus proche.',
      instructionsEn: 'Leave by the nearest exit.',
      pictogram: 'evacuation',
      colour: 'rouge',
      image: item.value,
      endTextFr: null,
      endTextEn: null,
      maxDurationMinutes: 60,
    };
    const created = await editor.post(
      pathOf('adminCreateAlertTemplate', { params: { devid: f.ids.devid } }),
      template,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { templateid, version } = data<AdminAlertTemplate>(created);
    const stored = file(item.value.slice('media/'.length));

    // In the draft only.
    const listed = data<MediaItem[]>(
      await editor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
    ).find((media) => media.mediaid === item.mediaid);
    expect(listed).toMatchObject({
      usedBy: [],
      usedByTemplates: [{ templateid, name: 'Évacuation', inDraft: true, published: false }],
    });
    const refused = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused)).toMatchObject({
      error: ERROR_CODES.conflict,
      message:
        'Ce fichier est encore utilisé par le modèle d’alerte « Évacuation ». Choisissez une autre image pour ce modèle avant de le supprimer.',
    });
    expect(data<MediaItem>(refused).usedByTemplates).toEqual(listed?.usedByTemplates);
    expect(existsSync(stored)).toBe(true);

    // Published, then dropped from the draft: the totems still have it until the next publish.
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200);
    const dropped = await editor.delete(
      pathOf('adminDeleteAlertTemplate', {
        params: { devid: f.ids.devid, templateid },
        query: { expectedVersion: version },
      }),
    );
    expect(dropped.statusCode, dropped.body).toBe(200);
    const stillShown = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(stillShown.statusCode).toBe(409);
    expect(envelope(stillShown).message).toBe(
      'Ce fichier est encore utilisé par le modèle d’alerte « Évacuation » (publié, retiré du brouillon : publiez pour le libérer). Choisissez une autre image pour ce modèle avant de le supprimer.',
    );
    expect(data<MediaItem>(stillShown).usedByTemplates).toEqual([
      { templateid, name: 'Évacuation', inDraft: false, published: true },
    ]);
    expect(existsSync(stored)).toBe(true);

    // Published without it: nothing uses it any more.
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200);
    const deleted = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(stored)).toBe(false);
  });

  it('names content and alert templates together when both use a file', async () => {
    const item = data<MediaItem>(await upload(admin, 'sortie.png', await picture(95, 95)));
    const elementid = f.ids.planElements[2]!;
    const element = await f.repos.draft.createSubelement({
      elementid,
      order: 9,
      value: item.value,
      type: 'image',
      subgroupid: null,
      fieldlabel: null,
    });
    for (const name of ['Incendie', 'Fuite de gaz']) {
      const created = await admin.post(
        pathOf('adminCreateAlertTemplate', { params: { devid: f.ids.devid } }),
        {
          name,
          kind: 'evacuation',
          titleFr: name,
          titleEn: '',
          instructionsFr: 'Sortez.',
          instructionsEn: '',
          pictogram: 'evacuation',
          colour: 'rouge',
          image: `/${item.value}`,
          endTextFr: null,
          endTextEn: null,
          maxDurationMinutes: 30,
        } satisfies AlertTemplateInput,
      );
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await admin.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: item.mediaid } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused).message).toBe(
      `Ce fichier est encore utilisé par un contenu : zone « Plan du site », élément ${elementid}, sous-élément ${element.subelementid}. Il est aussi utilisé par les modèles d’alerte « Fuite de gaz », « Incendie ». Retirez-le de ces contenus et choisissez une autre image pour ces modèles avant de le supprimer.`,
    );
    expect(data<MediaItem>(refused).usedByTemplates.map((use) => use.name)).toEqual([
      'Fuite de gaz',
      'Incendie',
    ]);
  });

  it('lists the demo plant’s seeded media too (rows from before the media library)', async () => {
    await f.repos.media.upsert({
      devid: f.ids.devid,
      path: 'images/plan-du-site-0a1b2c3d.svg',
      content_type: 'image/svg+xml',
      size: 1234,
      sha256: '0a1b2c3d'.repeat(8),
      now: f.clock.now,
    });
    const seeded = data<MediaItem[]>(
      await editor.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
    ).find((media) => media.value === 'media/images/plan-du-site-0a1b2c3d.svg');
    expect(seeded).toMatchObject({
      kind: 'image',
      originalName: 'plan-du-site-0a1b2c3d.svg',
      contentType: 'image/svg+xml',
      width: null,
      height: null,
      url: '/media/images/plan-du-site-0a1b2c3d.svg',
      thumbnailUrl: '/media/images/plan-du-site-0a1b2c3d.svg',
    });
  });

  it('answers 400 to a malformed media id', async () => {
    expect((await admin.delete('/api/admin/media/abc')).statusCode).toBe(400);
    expect((await admin.delete('/api/admin/media/1e3')).statusCode).toBe(400);
  });
});
