/**
 * Files: the media under DATA_DIR/media (/media/*, and its pdf/ folder at /pdf/* because the spec's
 * PDF reader GETs a relative `pdf/<file>`), the built kiosk at / (or a placeholder page until it is
 * built), the built back-office at /admin/, and the kiosk's runtime configuration /config.json.
 *
 * Media file names carry a content hash, so they are cached for a year as immutable — once the
 * file is known to hold those bytes (media integrity, decision 029: see guardMedia); the kiosk's
 * index.html and service worker must be revalidated on every load so that an update reaches totems.
 *
 * Compression (compression and bundle split, decision 020) is done once, ahead of time: the build
 * writes `<file>.br`/`<file>.gz` beside the apps' text files (scripts/precompress.mjs) and the seed
 * beside its SVGs (lib/precompress.ts). @fastify/static's `preCompressed` picks br, then gzip, then
 * identity from Accept-Encoding, sends the original's Content-Type and the sent file's length and
 * ETag. Two things it leaves to us: `Vary: Accept-Encoding`, and `setHeaders` sees the `.br`/`.gz`
 * path, so headers keyed on the file name look at the original's name.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { isCompressible, originalPath } from '../lib/precompress.js';
import fastifyStatic from '@fastify/static';
import {
  ERROR_CODES,
  LOCAL_PORTS,
  routePatterns,
  type KioskConfig,
  type MediaFileProblem,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { failure } from '../lib/envelope.js';
import { EncodedCopies, type Encoding } from '../media/index.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** No `..` segment and no NUL byte: nothing outside the served root can be named. */
function safePath(pathname: string): boolean {
  return !pathname.includes('\0') && !pathname.split(/[\\/]/).includes('..');
}

/** Media are files only: a directory path is a plain 404, never a listing or a 403. */
function safeMediaPath(pathname: string, root: string): boolean {
  // A deleted medium's `.br` left behind must not keep answering: the original has to exist.
  return safePath(pathname) && !pathname.endsWith('/') && existsSync(join(root, pathname));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The response as @fastify/static's `setHeaders` sees it. */
interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

/** Caches must keep one copy per encoding of anything we may send compressed. */
function varyHeader(res: HeaderTarget, path: string): void {
  if (isCompressible(path)) res.setHeader('vary', 'Accept-Encoding');
}

function mediaHeaders(res: HeaderTarget, sentPath: string): void {
  const path = originalPath(sentPath);
  varyHeader(res, path);
  // An SVG opened on its own must not run scripts with this origin's privileges.
  if (extname(path).toLowerCase() === '.svg') {
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
  }
}

function appHeaders(root: string) {
  return (res: HeaderTarget, sentPath: string): void => {
    const path = originalPath(sentPath);
    varyHeader(res, path);
    const rel = relative(root, path).split(sep).join('/');
    res.setHeader('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
  };
}

const PLACEHOLDER = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Plant kiosk</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; color: #49494A; background: #FBF0E2; padding: 3rem">
<h1>Le kiosque n'est pas encore construit</h1>
<p>The kiosk app is not built yet: run <code>npm run build</code> (or <code>npm start</code>), then reload.</p>
<p>The content service is running: <a href="/healthz">/healthz</a>.</p>
</body>
</html>
`;

/** What a kiosk asking for a library file that failed its check gets (never cached anywhere). */
const BROKEN_FILE: Record<MediaFileProblem, { status: number; message: string }> = {
  missing: {
    status: 404,
    message: 'Fichier manquant sur le serveur : envoyez-le de nouveau dans la médiathèque.',
  },
  'wrong-size': {
    status: 500,
    message: 'Fichier endommagé sur le serveur (taille modifiée) : il n’est pas envoyé.',
  },
  changed: {
    status: 500,
    message: 'Fichier endommagé sur le serveur (contenu modifié) : il n’est pas envoyé.',
  },
};

/** The path under the media root a /media/* or /pdf/* request names; null for an unsafe one. */
function requestedMediaPath(request: FastifyRequest): string | null {
  const rest = (request.params as { '*'?: unknown } | undefined)?.['*'];
  if (typeof rest !== 'string' || rest === '' || !safePath(rest)) return null;
  return request.url.startsWith('/pdf/') ? `pdf/${rest}` : rest;
}

/** Which encodings an Accept-Encoding accepts among ours (`*` stands for gzip, as for the plugin). */
function acceptedEncodings(header: string): Encoding[] {
  const names = header
    .toLowerCase()
    .split(',')
    .map((token) => token.split(';')[0]!.trim());
  return (['br', 'gzip'] as const).filter(
    (encoding) => names.includes(encoding) || (encoding === 'gzip' && names.includes('*')),
  );
}

/** Accept-Encoding without `refused` (the plugin then sends another encoding or the original). */
function withoutEncodings(header: string, refused: readonly Encoding[]): string {
  const kept = header.split(',').filter((token) => {
    const name = token.split(';')[0]!.trim().toLowerCase();
    return !refused.includes(name as Encoding) && !(name === '*' && refused.includes('gzip'));
  });
  return kept.length > 0 ? kept.join(',') : 'identity';
}

/**
 * Media integrity (decision 029), before @fastify/static sees the request: a library file that is
 * missing or damaged is a 404 or a 500 with the envelope and `no-store` (a kiosk shows "Image
 * indisponible" and asks again at a later sync, it never caches it); one whose content is not
 * checked yet is sent `no-cache`, not immutable; and a pre-compressed copy that does not decode to
 * its original is taken out of the request's Accept-Encoding, so the original is sent.
 */
function guardMedia(fastify: FastifyInstance, ctx: AppContext): void {
  const copies = new EncodedCopies(fastify.log);
  const unchecked = new WeakSet<FastifyRequest>();
  fastify.addHook('onRequest', async (request, reply) => {
    const path = requestedMediaPath(request);
    if (path === null) return;
    const state = await ctx.mediaIntegrity.verdict(path);
    if (state === 'missing' || state === 'wrong-size' || state === 'changed') {
      const { status, message } = BROKEN_FILE[state];
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send(failure(message, status === 404 ? ERROR_CODES.notFound : ERROR_CODES.internal));
    }
    if (state === 'pending') unchecked.add(request);
    const accept = request.headers['accept-encoding'];
    if (typeof accept !== 'string' || !isCompressible(path)) return;
    const file = join(ctx.config.mediaDir, path);
    const refused: Encoding[] = [];
    for (const encoding of acceptedEncodings(accept)) {
      if (!(await copies.usable(file, encoding))) refused.push(encoding);
    }
    if (refused.length > 0)
      request.raw.headers['accept-encoding'] = withoutEncodings(accept, refused);
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (unchecked.has(request)) reply.header('cache-control', 'no-cache');
    return payload;
  });
}

/** /media/* and /pdf/*. */
export async function mediaRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const pdfDir = join(ctx.config.mediaDir, 'pdf');
  mkdirSync(pdfDir, { recursive: true });
  guardMedia(fastify, ctx);
  const common = {
    list: false as const,
    index: false as const,
    dotfiles: 'ignore' as const,
    cacheControl: true,
    maxAge: 31_536_000_000,
    immutable: true,
    acceptRanges: true,
    preCompressed: true,
    allowedPath: safeMediaPath,
    setHeaders: mediaHeaders,
    decorateReply: false,
  };
  await fastify.register(fastifyStatic, {
    ...common,
    root: ctx.config.mediaDir,
    prefix: '/media/',
  });
  await fastify.register(fastifyStatic, { ...common, root: pdfDir, prefix: '/pdf/' });
}

/** The kiosk at /, the back-office at /admin/. */
export async function appRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { kioskDist, adminDist } = ctx.config;
  const hasKiosk = isDirectory(kioskDist) && existsSync(join(kioskDist, 'index.html'));
  const app = (root: string, prefix: string) =>
    fastify.register(fastifyStatic, {
      root,
      prefix,
      list: false,
      index: ['index.html'],
      dotfiles: 'ignore',
      cacheControl: false,
      preCompressed: true,
      allowedPath: safePath,
      setHeaders: appHeaders(root),
      decorateReply: false,
    });
  if (hasKiosk) {
    await app(kioskDist, '/');
  } else {
    const placeholder = async (_request: FastifyRequest, reply: import('fastify').FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PLACEHOLDER);
    fastify.get('/', placeholder);
    fastify.get('/index.html', placeholder);
  }
  if (isDirectory(adminDist) && existsSync(join(adminDist, 'index.html'))) {
    await app(adminDist, '/admin/');
  }
}

/** GET /config.json: the kiosk's runtime configuration (plain JSON, not the envelope). */
export async function configRoute(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  fastify.get(routePatterns.config, async (request, reply) => {
    const { config } = ctx;
    const base = (port: number) =>
      config.splitPorts ? `${request.protocol}://${request.hostname}:${port}` : '';
    const body: KioskConfig = {
      environment: config.environment,
      devname: config.demo.devname,
      contentBaseUrl: base(LOCAL_PORTS.content),
      authBaseUrl: base(LOCAL_PORTS.auth),
      streamBaseUrl: base(LOCAL_PORTS.stream),
      appVersion: config.appVersion,
    };
    return reply.header('cache-control', 'no-cache').send(body);
  });
}
