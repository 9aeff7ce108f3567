/**
 * Thumbnails (issue 48, decision 043; the contract's kiosk-thumbnails.ts): a totem's upload —
 * stored, listed, its bytes served back identical, carried by the fleet list and its live channel —
 * and every refusal a caller can meet (403 another development's or an unbound token, 415 by
 * content type or by bytes, 413, 400, 429 unless answering an open `thumbnail` command, which it
 * then acknowledges); the latest THUMBNAIL_KEEP kept; the back-office's rights and 404s; forgetting
 * a totem. Real WebP and PNG pictures made by sharp. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`), on the fixture's movable clock.
 */
import type { AddressInfo } from 'node:net';
import {
  ERROR_CODES,
  hashPasswordForLogin,
  pathOf,
  ROUTES,
  THUMBNAIL_KEEP,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_MIN_INTERVAL_SECONDS,
  TOKEN_HEADER,
  type Envelope,
  type KioskCommand,
  type KioskCommandBatch,
  type KioskHeartbeat,
  type KioskStatus,
  type KioskThumbnail,
  type KioskThumbnailUploadQuery,
  type LoginResponse,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  EDITOR_PASSWORD,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { DEMO_PASSWORD, FIXTURE_NOW, OTHER_PASSWORD } from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';
import { THUMBNAIL_IMAGE_CACHE_CONTROL } from './kiosk-thumbnail-admin-routes.js';
import { KIOSK_THUMBNAIL_MESSAGES } from './kiosk-thumbnails.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
let base: string;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});
const streams: StreamClient[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  f.clock.now = new Date(FIXTURE_NOW);
});

interface Totem {
  devid: number;
  token: string;
  kioskId: string;
}

/** A totem logging in (the server names it), then reporting once (its fleet entry). */
async function totem(devid: number = f.ids.devid): Promise<Totem> {
  const other = devid === f.ids.otherDevid;
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: other ? 'autre-usine' : 'neubourg',
      loginRequest: {
        login: 'kiosk',
        password: hashPasswordForLogin(other ? OTHER_PASSWORD : DEMO_PASSWORD),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, kioskId } = response.json<Envelope<LoginResponse>>().data!;
  const report: KioskHeartbeat = {
    kioskId: kioskId!,
    mode: 'totem',
    totem: 'Moulage',
    appVersion: '1.2.3',
    contentVersion: null,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
  };
  const heartbeat = await f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid } }),
    headers: { [TOKEN_HEADER]: token },
    payload: report,
  });
  expect(heartbeat.statusCode, heartbeat.body).toBe(200);
  return { devid, token, kioskId: kioskId! };
}

/** A real WebP picture of one colour (a different colour, different bytes). */
const webp = (shade: number): Promise<Buffer> =>
  sharp({ create: { width: 27, height: 48, channels: 3, background: { r: shade, g: 80, b: 40 } } })
    .webp()
    .toBuffer();

const png = (): Promise<Buffer> =>
  sharp({ create: { width: 27, height: 48, channels: 3, background: { r: 0, g: 80, b: 40 } } })
    .png()
    .toBuffer();

const query = (overrides: Partial<KioskThumbnailUploadQuery> = {}) => ({
  route: '/zone/Moulage',
  revision: 7,
  takenAt: f.clock.now.toISOString(),
  placeholders: 1,
  ...overrides,
});

function upload(
  who: Totem,
  body: Buffer | string,
  options: {
    query?: Record<string, string | number>;
    contentType?: string;
    devid?: number;
    token?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  return f.app.inject({
    method: 'POST',
    // Any query, well-formed or not: the contract's typed path builder would refuse the bad ones.
    url: `${ROUTES.kioskThumbnailUpload.path.replace(':devid', String(options.devid ?? who.devid))}?${new URLSearchParams(
      Object.entries(options.query ?? query()).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    ).toString()}`,
    headers: {
      [TOKEN_HEADER]: options.token ?? who.token,
      'content-type': options.contentType ?? 'image/webp',
    },
    payload: body,
  });
}

async function stored(
  who: Totem,
  body: Buffer,
  q: Record<string, string | number> = query(),
): Promise<KioskThumbnail> {
  const response = await upload(who, body, { query: q });
  expect(response.statusCode, response.body).toBe(201);
  return data<KioskThumbnail>(response);
}

const later = (seconds: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + seconds * 1000);
};

const listPath = (who: Totem, devid = who.devid) =>
  pathOf('adminKioskThumbnails', { params: { devid, kioskId: who.kioskId } });

const imagePath = (who: Totem, thumbnailId: number, devid = who.devid) =>
  pathOf('adminKioskThumbnailImage', { params: { devid, kioskId: who.kioskId, thumbnailId } });

async function list(who: Totem, client: AdminClient = editor): Promise<KioskThumbnail[]> {
  const response = await client.get(listPath(who));
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskThumbnail[]>(response);
}

async function fleetEntry(who: Totem): Promise<KioskStatus> {
  const response = await editor.get(pathOf('adminFleet', { query: { devid: who.devid } }));
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskStatus[]>(response).find((status) => status.kioskId === who.kioskId)!;
}

function expectRefusal(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<Envelope<null>>();
  expect(envelope.data).toBeNull();
  expect(envelope.error).toBe(code);
  return envelope.message;
}

async function sendThumbnailCommand(who: Totem, expiresInMinutes?: number): Promise<number> {
  const response = await editor.post(
    pathOf('adminSendKioskCommand', { params: { devid: who.devid } }),
    {
      kind: 'thumbnail',
      target: { kind: 'kiosk', kioskId: who.kioskId },
      ...(expiresInMinutes === undefined ? {} : { expiresInMinutes }),
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskCommandBatch>(response).commands[0]!.commandId;
}

async function commandOf(who: Totem, commandId: number): Promise<KioskCommand> {
  const response = await editor.get(
    pathOf('adminKioskCommands', { params: { devid: who.devid }, query: { kioskId: who.kioskId } }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskCommand[]>(response).find((command) => command.commandId === commandId)!;
}

describe('uploading a thumbnail', () => {
  it('stores it: 201, listed, its bytes served back identical, on the fleet list', async () => {
    const me = await totem();
    const picture = await webp(10);
    const response = await upload(me, picture, {
      query: query({ route: '/zone/Moulage?page=2', revision: 12, placeholders: 2 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const envelope = response.json<Envelope<KioskThumbnail>>();
    expect(envelope.message).toBe(KIOSK_THUMBNAIL_MESSAGES.stored);
    const thumbnail = envelope.data!;
    expect(thumbnail).toEqual({
      thumbnailId: expect.any(Number) as number,
      devid: me.devid,
      kioskId: me.kioskId,
      route: '/zone/Moulage?page=2',
      revision: 12,
      takenAt: FIXTURE_NOW.toISOString(),
      receivedAt: FIXTURE_NOW.toISOString(),
      bytes: picture.length,
      placeholders: 2,
      commandId: null,
    });

    expect(await list(me)).toEqual([thumbnail]);

    const image = await editor.get(imagePath(me, thumbnail.thumbnailId));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe(THUMBNAIL_IMAGE_CACHE_CONTROL);
    expect(Buffer.compare(image.rawPayload, picture)).toBe(0);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    // The browser holds it: 304, no bytes.
    const again = await editor.request('GET', imagePath(me, thumbnail.thumbnailId), undefined, {
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const entry = await fleetEntry(me);
    expect(entry.thumbnail).toEqual({
      thumbnailId: thumbnail.thumbnailId,
      route: thumbnail.route,
      revision: 12,
      takenAt: thumbnail.takenAt,
      receivedAt: thumbnail.receivedAt,
      placeholders: 2,
    });
    // A totem without a picture says so.
    expect((await fleetEntry(await totem())).thumbnail).toBeNull();
  });

  it('tells open fleet pages at once', async () => {
    const me = await totem();
    const page = await openStream(
      base + pathOf('adminFleetStream', { query: { devid: me.devid } }),
      { cookie: editor.cookie },
    );
    streams.push(page);
    await page.waitFor((text) => text.includes('event: fleet\n'));
    const thumbnail = await stored(me, await webp(20));
    const entries = (text: string) =>
      text
        .split('\n\n')
        .filter((event) => event.startsWith('event: kiosk\n'))
        .map((event) => JSON.parse(event.split('\ndata: ')[1]!) as KioskStatus)
        .filter((status) => status.kioskId === me.kioskId);
    await page.waitFor((text) =>
      entries(text).some((status) => status.thumbnail?.thumbnailId === thumbnail.thumbnailId),
    );
  });

  it('keeps revision absent as null and placeholders absent as 0', async () => {
    const me = await totem();
    const thumbnail = await stored(me, await webp(30), {
      route: '/',
      takenAt: '2026-03-10T08:59:58.000Z',
    });
    expect(thumbnail).toMatchObject({ revision: null, placeholders: 0, route: '/' });
  });
});

describe('refusals', () => {
  it('403 for another development’s token, or a token bound to no totem; nothing stored', async () => {
    const me = await totem();
    const stranger = await totem(f.ids.otherDevid);
    const picture = await webp(40);
    const otherDevelopment = await upload(stranger, picture, { devid: f.ids.devid });
    expectRefusal(otherDevelopment, 403, ERROR_CODES.forbidden);
    const unbound = await upload(me, picture, { token: await f.token() });
    expect(expectRefusal(unbound, 403, ERROR_CODES.forbidden)).toBe(
      KIOSK_THUMBNAIL_MESSAGES.noIdentity,
    );
    expect(await list(me)).toEqual([]);
    expect(await f.repos.kioskThumbnails.list(f.ids.otherDevid, stranger.kioskId, 10)).toEqual([]);
    const anonymous = await f.app.inject({
      method: 'POST',
      url: pathOf('kioskThumbnailUpload', { params: { devid: me.devid }, query: query() }),
      headers: { 'content-type': 'image/webp' },
      payload: picture,
    });
    expectRefusal(anonymous, 401, ERROR_CODES.unauthorized);
  });

  it('415 for PNG bytes sent as image/webp, for a JSON body, for no content type', async () => {
    const me = await totem();
    const asWebp = await upload(me, await png());
    expect(expectRefusal(asWebp, 415, ERROR_CODES.unsupportedMediaType)).toBe(
      KIOSK_THUMBNAIL_MESSAGES.notWebp,
    );
    const json = await upload(me, JSON.stringify({ image: 'UklGRg==' }), {
      contentType: 'application/json',
    });
    expect(expectRefusal(json, 415, ERROR_CODES.unsupportedMediaType)).toBe(
      KIOSK_THUMBNAIL_MESSAGES.wrongType,
    );
    // A real WebP is refused too under another type: the route takes image/webp only.
    const mislabelled = await upload(me, await webp(50), { contentType: 'image/png' });
    expectRefusal(mislabelled, 415, ERROR_CODES.unsupportedMediaType);
    const empty = await upload(me, Buffer.alloc(0));
    expectRefusal(empty, 415, ERROR_CODES.unsupportedMediaType);
    expect(await list(me)).toEqual([]);
  });

  it('413 above 64 KiB, with a French message; nothing stored', async () => {
    const me = await totem();
    const picture = await webp(60);
    // A WebP's header, then padding: 65 KiB in all.
    const large = Buffer.concat([picture, Buffer.alloc(65 * 1024 - picture.length)]);
    expect(large.length).toBeGreaterThan(THUMBNAIL_MAX_BYTES);
    const response = await upload(me, large);
    expect(expectRefusal(response, 413, ERROR_CODES.payloadTooLarge)).toBe(
      KIOSK_THUMBNAIL_MESSAGES.tooLarge,
    );
    expect(await list(me)).toEqual([]);
    // At the limit exactly it is taken.
    const atLimit = Buffer.concat([picture, Buffer.alloc(THUMBNAIL_MAX_BYTES - picture.length)]);
    expect((await stored(me, atLimit)).bytes).toBe(THUMBNAIL_MAX_BYTES);
  });

  it('400 for a bad query', async () => {
    const me = await totem();
    const picture = await webp(70);
    const bad: Array<Record<string, string | number>> = [
      { takenAt: FIXTURE_NOW.toISOString() },
      { route: '/', takenAt: 'hier' },
      { route: '', takenAt: FIXTURE_NOW.toISOString() },
      { route: 'x'.repeat(301), takenAt: FIXTURE_NOW.toISOString() },
      { route: '/', takenAt: FIXTURE_NOW.toISOString(), placeholders: -1 },
      { route: '/', takenAt: FIXTURE_NOW.toISOString(), revision: 2_147_483_648 },
      { route: '/', takenAt: FIXTURE_NOW.toISOString(), commandId: 0 },
      { route: '/\0', takenAt: FIXTURE_NOW.toISOString() },
    ];
    for (const q of bad) {
      const response = await upload(me, picture, { query: q });
      expectRefusal(response, 400, ERROR_CODES.badRequest);
    }
    expect(await list(me)).toEqual([]);
  });
});

describe('at most one a minute', () => {
  it('429 with Retry-After for a second within the minute; taken once the minute is over', async () => {
    const me = await totem();
    await stored(me, await webp(80));
    later(20);
    const soon = await upload(me, await webp(81));
    expect(expectRefusal(soon, 429, ERROR_CODES.tooManyRequests)).toBe(
      KIOSK_THUMBNAIL_MESSAGES.tooOften(THUMBNAIL_MIN_INTERVAL_SECONDS - 20),
    );
    expect(soon.headers['retry-after']).toBe(String(THUMBNAIL_MIN_INTERVAL_SECONDS - 20));
    expect(await list(me)).toHaveLength(1);
    later(THUMBNAIL_MIN_INTERVAL_SECONDS - 20);
    await stored(me, await webp(82));
    expect(await list(me)).toHaveLength(2);
    // Each totem has its own minute.
    await stored(await totem(), await webp(83));
  });

  it('takes one of two sent at once, whatever the store (one writer, or a lock per totem)', async () => {
    const me = await totem();
    const [a, b] = await Promise.all([upload(me, await webp(85)), upload(me, await webp(86))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 429]);
    expect(await list(me)).toHaveLength(1);
  });

  it('lets through the answer to an open thumbnail command, which it acknowledges as done', async () => {
    const me = await totem();
    await stored(me, await webp(90));
    later(5);
    const commandId = await sendThumbnailCommand(me);
    const response = await upload(me, await webp(91), { query: query({ commandId }) });
    expect(response.statusCode, response.body).toBe(201);
    const envelope = response.json<Envelope<KioskThumbnail>>();
    expect(envelope.message).toBe(KIOSK_THUMBNAIL_MESSAGES.answered);
    expect(envelope.data!.commandId).toBe(commandId);
    expect(await commandOf(me, commandId)).toMatchObject({
      state: 'done',
      ackedAt: f.clock.now.toISOString(),
    });
    expect((await fleetEntry(me)).lastCommand).toMatchObject({ commandId, state: 'done' });
    // Answered once: naming it again is a scheduled upload, under the limit.
    later(5);
    const repeat = await upload(me, await webp(92), { query: query({ commandId }) });
    expectRefusal(repeat, 429, ERROR_CODES.tooManyRequests);
    expect(await list(me)).toHaveLength(2);
  });

  it('holds the limit for a command that is not an open thumbnail command of this totem', async () => {
    const me = await totem();
    const neighbour = await totem();
    const theirs = await sendThumbnailCommand(neighbour);
    const reload = data<KioskCommandBatch>(
      await editor.post(pathOf('adminSendKioskCommand', { params: { devid: me.devid } }), {
        kind: 'reload',
        target: { kind: 'kiosk', kioskId: me.kioskId },
      }),
    ).commands[0]!.commandId;
    const expiring = await sendThumbnailCommand(me, 1);
    await stored(me, await webp(100));
    later(61);
    // The expired one, now the minute is over: taken as scheduled, the command left alone.
    const late = await stored(me, await webp(101), query({ commandId: expiring }));
    expect(late.commandId).toBeNull();
    expect((await commandOf(me, expiring)).state).toBe('expired');
    later(1);
    for (const commandId of [theirs, reload, expiring, 999_999]) {
      const response = await upload(me, await webp(102), { query: query({ commandId }) });
      expectRefusal(response, 429, ERROR_CODES.tooManyRequests);
    }
    expect((await commandOf(neighbour, theirs)).state).not.toBe('done');
    expect((await commandOf(me, reload)).state).not.toBe('done');
    expect(await list(me)).toHaveLength(2);
  });
});

describe('the latest few', () => {
  it(`keeps ${THUMBNAIL_KEEP}: the next removes the oldest, whose picture is then 404`, async () => {
    const me = await totem();
    const uploaded: KioskThumbnail[] = [];
    for (let i = 0; i <= THUMBNAIL_KEEP; i++) {
      uploaded.push(await stored(me, await webp(110 + i)));
      later(THUMBNAIL_MIN_INTERVAL_SECONDS);
    }
    const kept = await list(me);
    expect(kept.map((thumbnail) => thumbnail.thumbnailId)).toEqual(
      uploaded
        .slice(1)
        .reverse()
        .map((thumbnail) => thumbnail.thumbnailId),
    );
    const gone = await editor.get(imagePath(me, uploaded[0]!.thumbnailId));
    expect(expectRefusal(gone, 404, ERROR_CODES.notFound)).toBe(KIOSK_THUMBNAIL_MESSAGES.gone);
    expect((await editor.get(imagePath(me, uploaded[1]!.thumbnailId))).statusCode).toBe(200);
    expect((await fleetEntry(me)).thumbnail?.thumbnailId).toBe(uploaded.at(-1)!.thumbnailId);
  });
});

describe('the back-office', () => {
  it('404 for a totem the development does not have', async () => {
    const me = await totem();
    const stranger = await totem(f.ids.otherDevid);
    const thumbnail = await stored(stranger, await webp(120));
    const unknown = { ...me, kioskId: 'k-inconnu' };
    expect(expectRefusal(await editor.get(listPath(unknown)), 404, ERROR_CODES.notFound)).toBe(
      KIOSK_THUMBNAIL_MESSAGES.unknownKiosk,
    );
    expectRefusal(await editor.get(imagePath(unknown, 1)), 404, ERROR_CODES.notFound);
    // Another development's totem, through this development: unknown here.
    expectRefusal(await admin.get(listPath(stranger, f.ids.devid)), 404, ERROR_CODES.notFound);
    expectRefusal(
      await admin.get(imagePath(stranger, thumbnail.thumbnailId, f.ids.devid)),
      404,
      ERROR_CODES.notFound,
    );
  });

  it('lets every user of the development look; 403 for another development’s editor', async () => {
    const me = await totem();
    const thumbnail = await stored(me, await webp(130));
    // The least-privileged user there is (no viewer role): an editor who may neither publish nor
    // raise an alert.
    await f.createUser('lecteur', 'editor', [me.devid]);
    const reader = await f.login('lecteur', EDITOR_PASSWORD);
    expect(await list(me, reader)).toEqual([thumbnail]);
    expect((await reader.get(imagePath(me, thumbnail.thumbnailId))).statusCode).toBe(200);
    expect(await list(me, admin)).toEqual([thumbnail]);
    expectRefusal(await otherEditor.get(listPath(me)), 403, ERROR_CODES.forbidden);
    expectRefusal(
      await otherEditor.get(imagePath(me, thumbnail.thumbnailId)),
      403,
      ERROR_CODES.forbidden,
    );
    const anonymous = await f.app.inject({
      method: 'GET',
      url: imagePath(me, thumbnail.thumbnailId),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('400 for a bad thumbnail id', async () => {
    const me = await totem();
    const response = await editor.get(`${listPath(me)}/pas-un-nombre`);
    expectRefusal(response, 400, ERROR_CODES.badRequest);
  });

  it('forgetting a totem deletes its thumbnails', async () => {
    const me = await totem();
    const thumbnail = await stored(me, await webp(140));
    const forget = await editor.delete(
      pathOf('adminForgetKiosk', { params: { devid: me.devid, kioskId: me.kioskId } }),
    );
    expect(forget.statusCode, forget.body).toBe(200);
    expect(await f.repos.kioskThumbnails.list(me.devid, me.kioskId, 10)).toEqual([]);
    expect(await f.repos.kioskThumbnails.image(me.devid, me.kioskId, thumbnail.thumbnailId)).toBe(
      undefined,
    );
    expectRefusal(
      await editor.get(imagePath(me, thumbnail.thumbnailId)),
      404,
      ERROR_CODES.notFound,
    );
  });
});
