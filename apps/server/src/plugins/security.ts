/**
 * Headers every response carries (`X-Content-Type-Options: nosniff`) and the small CORS policy of
 * the split topology (spec §7 local environment): the kiosk, served on PORT, calls the content,
 * auth and stream services on other ports of the same host. Only that origin is allowed; tokens
 * travel in headers, never cookies, so no credentials mode is needed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Port the kiosk is served from; an Origin on this port of the request's host is allowed. */
  kioskPort: number;
}

const ALLOWED_HEADERS = 'token, content-type, if-none-match, authorization';
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

function allowedOrigin(request: FastifyRequest, kioskPort: number): string | undefined {
  const origin = request.headers.origin;
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const sameHost = url.hostname === request.hostname || `[${url.hostname}]` === request.hostname;
  if (!sameHost || port !== kioskPort) return undefined;
  // A same-origin request needs no CORS headers.
  if (request.port !== null && request.port === port) return undefined;
  return url.origin;
}

async function securityPlugin(fastify: FastifyInstance, options: SecurityOptions): Promise<void> {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    const origin = allowedOrigin(request, options.kioskPort);
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'ETag');
      reply.header('vary', 'Origin');
    }
  });

  fastify.options('*', async (request, reply) => {
    if (
      allowedOrigin(request, options.kioskPort) &&
      request.headers['access-control-request-method']
    ) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
}

export const securityPluginFp = fp(securityPlugin, { name: 'kiosk-security', fastify: '5.x' });
