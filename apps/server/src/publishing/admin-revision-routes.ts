/**
 * The revision history of a development and its unpublished changes (revision history, decision
 * 011): the revisions, newest first; what one revision changed; what the draft would change if
 * published now. Reads only; who may see them is who may edit the development.
 */
import {
  DraftChanges,
  RevisionChanges,
  RevisionEntry,
  RevisionListQuery,
  adminRoutePatterns,
} from '@plant-kiosk/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ContentChangeEntry } from '@plant-kiosk/contract';
import type { Revision } from './revision-repository.js';
import { draftWarnings } from './publish-checks.js';
import { draftProblems } from './publish-service.js';
import { summarizeCounts } from './revision-summary.js';
import { notFound, ok } from '../lib/envelope.js';
import { requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { DevidParams, answers, routeSchema } from '../routes/admin/schemas.js';

const DEFAULT_LIMIT = 50;
/** Changes a rollback preview lists by default; its counts always cover them all. */
const PREVIEW_LIMIT = 50;

const KIND_ORDER: Record<ContentChangeEntry['kind'], number> = {
  zone: 0,
  element: 1,
  subgroup: 2,
  subelement: 3,
  alert_template: 4,
  setting: 5,
};

/**
 * The order the back-office lists changes in (change-list.tsx groupByZone): by zone name, in a
 * zone the zone itself, then elements, sub-groups, fields, by position; alert templates and the
 * settings, in no zone, last. So the first N of a long list are whole zones, as read.
 */
function readingOrder(a: ContentChangeEntry, b: ContentChangeEntry): number {
  const group = (change: ContentChangeEntry) =>
    change.kind === 'setting' ? 2 : change.kind === 'alert_template' ? 1 : 0;
  const position = (change: ContentChangeEntry) => {
    const row = change.after ?? change.before ?? {};
    return typeof row.order === 'number' ? row.order : 0;
  };
  return (
    group(a) - group(b) ||
    (a.zonename ?? '').localeCompare(b.zonename ?? '', 'fr') ||
    (a.zoneid ?? 0) - (b.zoneid ?? 0) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    position(a) - position(b) ||
    a.itemId - b.itemId
  );
}

const RevisionParams = Type.Object(
  { devid: DevidParams.properties.devid, revision: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

const toEntry = (revision: Revision): RevisionEntry => ({
  revision: revision.revision,
  publishedAt: revision.createdAt,
  author: revision.author,
  note: revision.note,
  source: revision.source,
  counts: revision.counts,
  summary:
    revision.source === 'migration'
      ? 'Contenu repris à la mise à jour (révision de départ)'
      : revision.source === 'rollback'
        ? `${revision.note ?? 'Retour à une révision antérieure'} : ${summarizeCounts(revision.counts)}`
        : summarizeCounts(revision.counts),
});

export async function revisionRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  const { revisions } = ctx.repos;

  fastify.get<{ Params: { devid: number }; Querystring: RevisionListQuery }>(
    adminRoutePatterns.revisions,
    {
      schema: {
        params: DevidParams,
        querystring: RevisionListQuery,
        response: answers(Type.Array(RevisionEntry)),
      },
    },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const { limit = DEFAULT_LIMIT, before } = request.query;
      return ok((await revisions.list(devid, limit, before)).map(toEntry));
    },
  );

  fastify.get<{ Params: { devid: number; revision: number } }>(
    adminRoutePatterns.revisionChanges,
    { schema: { params: RevisionParams, response: answers(RevisionChanges) } },
    async (request) => {
      const { devid, revision } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const found = await revisions.find(devid, revision);
      if (!found) throw notFound(`La révision ${revision} n’existe pas dans ce développement.`);
      // Each change's zone as today's draft or live content knows it (null for a zone since gone).
      const changes = await revisions.locate(await revisions.changes(devid, revision, revision));
      return ok({ revision: toEntry(found), changes });
    },
  );

  // A revision's whole content, read-only (rollback and publish checks: look before rolling back to
  // it).
  fastify.get<{ Params: { devid: number; revision: number } }>(
    adminRoutePatterns.revisionContent,
    { schema: routeSchema('adminRevisionContent') },
    async (request) => {
      const { devid, revision } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const found = await revisions.find(devid, revision);
      const content = found && (await revisions.contentAt(devid, revision));
      if (!found || !content) {
        throw notFound(
          `La révision ${revision} n’existe pas dans ce développement (ou ne peut plus être reconstruite).`,
        );
      }
      return ok({ revision: toEntry(found), content });
    },
  );

  // What "Revenir à cette version" would change now (rollback and publish checks): the live
  // content against the revision's, as the confirmation lists it; nothing is written.
  fastify.get<{ Params: { devid: number; revision: number }; Querystring: { limit?: number } }>(
    adminRoutePatterns.rollbackPreview,
    { schema: routeSchema('adminRollbackPreview') },
    async (request) => {
      const { devid, revision } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const limit = request.query.limit ?? PREVIEW_LIMIT;
      const preview = await revisions.rollbackPreview(devid, revision);
      if (!preview) throw notFound(`Le développement ${devid} n’existe pas.`);
      if (preview === 'unknown') {
        throw notFound(
          `La révision ${revision} n’existe pas dans ce développement (ou ne peut plus être reconstruite).`,
        );
      }
      const changes = [...preview.changes].sort(readingOrder);
      return ok({
        target: revision,
        publishedRevision: preview.revision,
        counts: preview.counts,
        summary: summarizeCounts(preview.counts),
        total: changes.length,
        changes: changes.slice(0, limit),
        limit,
      });
    },
  );

  fastify.get<{ Params: { devid: number } }>(
    adminRoutePatterns.draftChanges,
    { schema: { params: DevidParams, response: answers(DraftChanges) } },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const draft = await revisions.draftChanges(devid);
      if (!draft) throw notFound(`Le développement ${devid} n’existe pas.`);
      return ok({
        publishedRevision: draft.revision,
        counts: draft.counts,
        summary: summarizeCounts(draft.counts, 'Aucune modification non publiée'),
        changes: draft.changes,
        warnings: await draftWarnings(ctx.repos.publishChecks, devid),
        problems: await draftProblems(ctx, devid),
      });
    },
  );
}
