/**
 * The back-office's content packs (issue 44, docs/content-packs.md).
 *
 * Export: `GET …/developments/:devid/pack` answers the development's published content and its
 * media as a zip download — the live revision, or `revision`, and only the `zones` named when
 * given. Who may read the development's content may export it (admins, and the editors it is
 * assigned to). The pack is written to a private file under DATA_DIR/media/.tmp (the static routes
 * never serve a dot folder), streamed, then removed: a large plant's pack is never held in memory.
 * Audited.
 *
 * Import, in two steps so that nobody replaces a draft blind: `POST …/packs?into=DEVID|as=DEVNAME`
 * takes the zip (multipart), keeps it in a private folder (pack-uploads.ts), checks it whole with
 * the reader and answers what it holds and what it will change (pack-summary.ts) with a token;
 * `POST …/packs/:token/import` writes it into the draft (pack-import.ts, audited as
 * `pack.import`) and removes the folder. Into an existing development: admins and its editors (as
 * the export); as a new development: admins only (as creating one). A refused pack answers with
 * every reason in `data.reasons`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  adminRelative,
  ERROR_CODES,
  ImportPackRequest,
  PACK_UPLOAD_FIELD,
  PackImportResult,
  PackUploadDiscarded,
  PackUploadParams,
  PackUploadQuery,
  PackUploadSummary,
  ROUTE_SCHEMAS,
  type ExportPackQuery,
  type ErrorCode,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict } from '../lib/admin/errors.js';
import { badRequest, HttpError, notFound, ok } from '../lib/envelope.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { actorOf, requireAdmin, requireDevelopment } from '../routes/admin/guards.js';
import { answers } from '../routes/admin/schemas.js';
import { PackError } from './pack-error.js';
import { exportPack, zoneNamesOf } from './pack-export.js';
import { importPack } from './pack-import.js';
import { DEFAULT_PACK_LIMITS, readPack } from './pack-reader.js';
import { packChanges, packHolds } from './pack-summary.js';
import {
  claimUpload,
  findUpload,
  isExpired,
  newUpload,
  PACK_UPLOAD_TTL_MS,
  packFileOf,
  removeFolder,
  sweepUploads,
  writeRecord,
  type UploadTarget,
} from './pack-uploads.js';

/**
 * The largest upload: what the reader accepts once uncompressed (media are stored, so a pack is
 * about that size), plus room for the zip's own headers (two per entry, names up to 500 bytes).
 */
export const PACK_UPLOAD_MAX_BYTES =
  DEFAULT_PACK_LIMITS.maxTotalBytes + DEFAULT_PACK_LIMITS.maxEntries * 1200;

/** A pack refused: every reason goes in the envelope's `data.reasons`. */
class PackRefusedError extends HttpError {
  constructor(
    statusCode: 409 | 422,
    readonly reasons: readonly string[],
  ) {
    super(
      statusCode,
      (statusCode === 409 ? ERROR_CODES.conflict : ERROR_CODES.badRequest) as ErrorCode,
      reasons.length === 1
        ? `Paquet refusé : ${reasons[0]} Rien n’a été importé.`
        : `Paquet refusé pour ${reasons.length} raisons, listées ci-dessous. Rien n’a été importé.`,
    );
    this.name = 'PackRefusedError';
  }
}

const MESSAGES = {
  target:
    'Indiquez la destination du paquet : « into » (un développement existant) ou « as » (le nom d’un nouveau développement), l’une ou l’autre.',
  notMultipart: 'Envoyez le paquet en multipart/form-data, dans le champ « file ».',
  noFile: 'Aucun fichier reçu : choisissez le paquet (.zip) à envoyer.',
  empty: 'Le fichier reçu est vide.',
  tooLarge: `Paquet trop volumineux : la limite est de ${Math.round(PACK_UPLOAD_MAX_BYTES / 1024 ** 3)} Go.`,
  unknownToken: 'Cet envoi de paquet est inconnu ou déjà importé : envoyez le paquet à nouveau.',
  expired:
    'Cet envoi de paquet a expiré (une heure sans confirmation) : envoyez le paquet à nouveau.',
  otherTarget:
    'La destination ne correspond pas à celle choisie à l’envoi du paquet : envoyez-le à nouveau pour cette destination.',
  account:
    'L’identifiant et le mot de passe du compte kiosque vont ensemble, pour un nouveau développement seulement.',
  uploaded:
    'Paquet vérifié : voici ce qu’il contient et ce qu’il changera. Confirmez pour l’importer.',
  discarded: 'Envoi abandonné : rien n’a été importé.',
} as const;

const isMultipartTooLarge = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** The one target of a query or body (400 unless exactly one of `into` and `as`). */
function targetOf(value: { into?: number; as?: string }): UploadTarget {
  if ((value.into === undefined) === (value.as === undefined)) throw badRequest(MESSAGES.target);
  return value.into !== undefined ? { into: value.into } : { as: value.as! };
}

/** 403 unless the user may import there: into, as the export; as a new development, admins. */
function authorize(request: FastifyRequest, target: UploadTarget): void {
  if ('into' in target) requireDevelopment(request, target.into);
  else requireAdmin(request);
}

export async function packRoutes(fastify: FastifyInstance, { ctx }: AdminServices): Promise<void> {
  const { mediaDir } = ctx.config;
  // Here only (this plugin is encapsulated), as the media library's: one file part, bounded.
  await fastify.register(multipart, {
    limits: {
      fileSize: PACK_UPLOAD_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
  fastify.setErrorHandler((error, _request, reply) => {
    if (error instanceof PackRefusedError) {
      return reply
        .code(error.statusCode)
        .send({ data: { reasons: error.reasons }, message: error.message, error: error.code });
    }
    // The admin API's handler, then the app's, turn everything else into the envelope.
    throw error;
  });

  fastify.get<{ Params: { devid: number }; Querystring: ExportPackQuery }>(
    adminRelative('adminExportPack'),
    {
      schema: {
        params: ROUTE_SCHEMAS.adminExportPack.params,
        querystring: ROUTE_SCHEMAS.adminExportPack.querystring,
      },
    },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      const development = await ctx.repos.developments.find(devid);
      if (!development) throw notFound(`Le développement ${devid} n’existe pas.`);
      const zones =
        request.query.zones === undefined ? undefined : zoneNamesOf(request.query.zones);
      const revision = request.query.revision;

      await mkdir(join(ctx.config.mediaDir, '.tmp'), { recursive: true });
      const folder = await mkdtemp(join(ctx.config.mediaDir, '.tmp', 'export-'));
      const file = join(folder, 'pack.zip');
      try {
        const { manifest, bytes } = await exportPack(
          {
            repos: ctx.repos,
            mediaDir: ctx.config.mediaDir,
            appVersion: ctx.config.appVersion,
            now: ctx.now,
          },
          { devname: development.devname, revision, zones: zones?.length ? zones : undefined },
          file,
        );
        const { userid, username } = actorOf(request);
        await ctx.repos.audit.insert({
          at: ctx.now(),
          userid,
          username,
          devid,
          action: 'pack.export',
          targetType: 'development',
          targetId: devid,
          summary: {
            revision: manifest.source.revision,
            zones: manifest.source.zones,
            counts: manifest.counts,
            bytes,
          },
        });
        const stream = createReadStream(file);
        // The folder goes once the answer is sent, or the download broken off.
        const cleanUp = () => void rm(folder, { recursive: true, force: true });
        stream.once('close', cleanUp);
        const name = `paquet-${development.devname}-revision-${manifest.source.revision}.zip`;
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', String(bytes))
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(stream);
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        if (error instanceof PackError) {
          throw error.kind === 'missing' ? notFound(error.message) : conflict(error.message);
        }
        throw error;
      }
    },
  );

  fastify.post<{ Querystring: PackUploadQuery }>(
    adminRelative('adminUploadPack'),
    {
      schema: { querystring: PackUploadQuery, response: answers(PackUploadSummary, 201) },
      // Ajv's coercion alone would take "0x10" or " 7" for a development id.
      preValidation: async (request) => {
        const into = (request.query as Record<string, unknown>).into;
        if (typeof into === 'string' && !/^\d{1,10}$/.test(into)) throw badRequest(MESSAGES.target);
      },
    },
    async (request, reply) => {
      const target = targetOf(request.query);
      authorize(request, target);
      let devid: number | null = null;
      let devname: string;
      if ('into' in target) {
        const development = await ctx.repos.developments.find(target.into);
        if (!development) throw notFound(`Le développement ${target.into} n’existe pas.`);
        devid = development.devid;
        devname = development.devname;
      } else {
        if (await ctx.repos.developments.findByName(target.as)) {
          throw conflict(`Le développement « ${target.as} » existe déjà.`);
        }
        devname = target.as;
      }
      if (!request.isMultipart()) {
        throw new HttpError(415, ERROR_CODES.unsupportedMediaType, MESSAGES.notMultipart);
      }
      const now = ctx.now();
      // Unconfirmed uploads go at the next upload: no timer to run on every instance.
      await sweepUploads(mediaDir, now);
      const file = await request.file();
      if (!file || file.fieldname !== PACK_UPLOAD_FIELD) {
        file?.file.resume();
        throw badRequest(MESSAGES.noFile);
      }
      const { token, folder } = await newUpload(mediaDir);
      try {
        const zip = packFileOf(folder);
        try {
          await pipeline(file.file, createWriteStream(zip, { flags: 'wx', mode: 0o600 }));
        } catch (error) {
          if (isMultipartTooLarge(error)) {
            throw new HttpError(413, ERROR_CODES.payloadTooLarge, MESSAGES.tooLarge);
          }
          throw error;
        }
        // The parser cuts a file at its limit and may end the stream quietly.
        if (file.file.truncated) {
          throw new HttpError(413, ERROR_CODES.payloadTooLarge, MESSAGES.tooLarge);
        }
        const { size } = await stat(zip);
        if (size === 0) throw badRequest(MESSAGES.empty);
        const pack = await readPackOrRefuse(zip, folder);
        let summary: PackUploadSummary;
        try {
          summary = {
            token,
            expiresAt: new Date(now.getTime() + PACK_UPLOAD_TTL_MS).toISOString(),
            fileName: file.filename.slice(0, 200),
            bytes: size,
            pack: packHolds(pack),
            target: { kind: 'into' in target ? 'into' : 'as', devid, devname },
            changes: await packChanges(ctx.repos, pack, devid),
          };
        } finally {
          // Only the zip is kept: the confirmation reads it again, as it may be on another
          // instance, and its media are extracted then.
          await pack.dispose();
        }
        await writeRecord(folder, {
          token,
          userid: actorOf(request).userid,
          createdAt: now.toISOString(),
          fileName: summary.fileName,
          bytes: size,
          target,
        });
        return reply.code(201).send(ok(summary, MESSAGES.uploaded));
      } catch (error) {
        await removeFolder(folder);
        throw error;
      }
    },
  );

  /** The reader's verdict on a pack: its content, or a 422 listing every reason. */
  async function readPackOrRefuse(zip: string, folder: string) {
    try {
      return await readPack(zip, { tempDir: folder, mediaMaxBytes: ctx.mediaMaxBytes });
    } catch (error) {
      if (error instanceof PackError) throw new PackRefusedError(422, error.reasons);
      throw error;
    }
  }

  /** The waiting upload of the token for this user (404 unknown or expired). */
  async function uploadOf(request: FastifyRequest, token: string) {
    const found = await findUpload(mediaDir, token);
    // Another user's upload is not theirs to confirm or drop: as unknown as a wrong token.
    if (!found || found.record.userid !== actorOf(request).userid) {
      throw notFound(MESSAGES.unknownToken);
    }
    if (isExpired(found.record, ctx.now())) {
      await removeFolder(found.folder);
      throw notFound(MESSAGES.expired);
    }
    return found;
  }

  fastify.post<{ Params: PackUploadParams; Body: ImportPackRequest }>(
    adminRelative('adminImportPack'),
    {
      schema: {
        params: PackUploadParams,
        body: ImportPackRequest,
        response: answers(PackImportResult),
      },
    },
    async (request) => {
      const { token } = request.params;
      const body = request.body;
      const target = targetOf(body);
      if (
        (body.login === undefined) !== (body.password === undefined) ||
        ('into' in target && body.login)
      ) {
        throw badRequest(MESSAGES.account);
      }
      const { record } = await uploadOf(request, token);
      const same =
        'into' in target
          ? 'into' in record.target && record.target.into === target.into
          : 'as' in record.target && record.target.as === target.as;
      if (!same) throw conflict(MESSAGES.otherTarget);
      // Rights are checked again: they may have changed within the hour.
      authorize(request, target);
      let devname: string | undefined;
      if ('into' in target) {
        const development = await ctx.repos.developments.find(target.into);
        if (!development) throw notFound(`Le développement ${target.into} n’existe pas.`);
        devname = development.devname;
      }
      const folder = await claimUpload(mediaDir, token);
      if (!folder) throw notFound(MESSAGES.unknownToken);
      try {
        const pack = await readPackOrRefuse(packFileOf(folder), folder);
        try {
          const { userid, username } = actorOf(request);
          const result = await importPack(
            {
              repos: ctx.repos,
              mediaDir,
              now: ctx.now,
              passwordCost: ctx.passwordCost,
            },
            pack,
            'into' in target
              ? { into: devname! }
              : { as: target.as, login: body.login, password: body.password },
            { actor: { userid, username } },
          );
          // The library has new rows: the integrity checks take them in.
          ctx.mediaIntegrity.refreshSoon();
          return ok(
            result,
            `Paquet importé dans les modifications non publiées de « ${result.devname} » : vérifiez-les puis publiez.`,
          );
        } catch (error) {
          if (error instanceof PackError) throw new PackRefusedError(409, error.reasons);
          throw error;
        } finally {
          await pack.dispose();
        }
      } finally {
        await removeFolder(folder);
      }
    },
  );

  fastify.delete<{ Params: PackUploadParams }>(
    adminRelative('adminDiscardPackUpload'),
    { schema: { params: PackUploadParams, response: answers(PackUploadDiscarded) } },
    async (request) => {
      const { folder } = await uploadOf(request, request.params.token);
      await removeFolder(folder);
      return ok({ token: request.params.token }, MESSAGES.discarded);
    },
  );
}
