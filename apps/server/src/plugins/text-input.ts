/**
 * Refuses text containing U+0000 (NUL) with a 400 in what a call that reaches the store hands its
 * handler: path parameters, query and JSON body, checked after validation (so a NUL in a query
 * parameter the route ignores, and drops, changes nothing).
 *
 * Why here and not in the repositories: PostgreSQL cannot store or even compare a NUL in text
 * (`invalid byte sequence for encoding "UTF8": 0x00`, a 500) while SQLite can, so without this guard
 * the same request would be a 401 or 404 on one store and a 500 on the other. No kiosk or
 * back-office text legitimately contains NUL, so one early, store-independent refusal is simplest.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/envelope.js';

/** The calls whose path or query reaches the store. */
const STORE_PATH = /^\/(?:display\/|stream\/|api\/|clientauth(?:[/?]|$))/;

export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000)';

/** Parsed JSON, or Fastify's params and query (null prototype, or one level of it). */
function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}

/** Whether parsed input holds a NUL in any string or key; iterative, as JSON bodies may nest deep. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\0')) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null && isPlain(current)) {
      // Plain objects only: files, buffers and streams are not text.
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\0')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

async function textInputPlugin(fastify: FastifyInstance): Promise<void> {
  // Callback style: these run on every call, and a check that passes needs no promise.
  fastify.addHook('preHandler', (request, _reply, done) => {
    // Files (/media/, /pdf/, the apps) are read from disk, not the store: there a NUL is a 404.
    if (
      STORE_PATH.test(request.url) &&
      (containsNul(request.params) ||
        // A route without a query schema reads no query (with one, unknown keys were dropped).
        (request.routeOptions.schema?.querystring !== undefined && containsNul(request.query)) ||
        containsNul(request.body))
    ) {
      done(badRequest(NUL_MESSAGE));
    } else done();
  });
}

export const textInputPluginFp = fp(textInputPlugin, { name: 'text-input', fastify: '5.x' });
