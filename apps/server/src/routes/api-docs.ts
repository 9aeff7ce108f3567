/**
 * GET /api/openapi.json (the API as an OpenAPI 3.1 document, generated once from the contract's
 * route table and schemas) and GET /api/docs (the page that renders it, with a policy of its own:
 * lib/api-docs-page.ts). Public: the document says what the calls are, not what they hold.
 */
import { ROUTES } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_CSP, API_DOCS_HTML } from '../lib/api-docs-page.js';
import { buildOpenApiDocument } from '../lib/openapi.js';

export interface ApiDocsOptions {
  version: string;
}

export async function apiDocsRoutes(
  fastify: FastifyInstance,
  options: ApiDocsOptions,
): Promise<void> {
  // The table is fixed at build time: one serialization per process.
  const document = JSON.stringify(buildOpenApiDocument({ version: options.version }));

  fastify.get(ROUTES.openapi.path, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(document),
  );

  fastify.get(ROUTES.docs.path, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      // Replaces the API's `default-src 'none'`: this one response is a page that must run.
      .header('content-security-policy', API_DOCS_CSP)
      .type('text/html; charset=utf-8')
      .send(API_DOCS_HTML),
  );
}
