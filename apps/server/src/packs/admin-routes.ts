/**
 * The back-office's export of a content pack (issue 44): `GET …/developments/:devid/pack` answers
 * the development's published content and its media as a zip download — the live revision, or
 * `revision`, and only the `zones` named when given. Who may read the development's content may
 * export it (admins, and the editors it is assigned to). The pack is written to a private file
 * under DATA_DIR/media/.tmp (the static routes never serve a dot folder), streamed, then removed:
 * a large plant's pack is never held in memory. Audited.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { adminRelative, ROUTE_SCHEMAS, type ExportPackQuery } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../lib/admin/errors.js';
import { notFound } from '../lib/envelope.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import { PackError } from './pack-error.js';
import { exportPack, zoneNamesOf } from './pack-export.js';

export async function packRoutes(fastify: FastifyInstance, { ctx }: AdminServices): Promise<void> {
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
}
