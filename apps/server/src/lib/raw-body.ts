/**
 * A route whose body is not JSON (a totem's WebP thumbnail, a building system's CAP document): the
 * body taken as is for the listed media types, at most `bodyLimit`; any other Content-Type refused
 * with a 415 before the body is read (a JSON body is never parsed there); a body past the limit
 * answered with the route's own 413 message rather than the app's general one.
 *
 * Call it from an encapsulated plugin (registered with `register`, no fastify-plugin): the parser
 * and the 413 wording then apply to that plugin's routes alone.
 */
import { ERROR_CODES } from '@plant-kiosk/contract';
import type { FastifyError, FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError } from './envelope.js';

/** The media type of a Content-Type header, without its parameters, in lower case. */
export const mediaTypeOf = (header: string | undefined): string =>
  (header ?? '').split(';', 1)[0]!.trim().toLowerCase();

export interface RawBodyOptions {
  mediaTypes: readonly string[];
  parseAs: 'buffer' | 'string';
  bodyLimit: number;
  /** The 415's message: which Content-Type to send. */
  wrongType: string;
  /** The 413's message: what the limit is. */
  tooLarge: string;
}

/**
 * Registers the parser and the 413 wording on this plugin, and answers the hook that refuses any
 * other media type (put it in the route's `onRequest`, after the authorisation).
 */
export function acceptRawBody(
  fastify: FastifyInstance,
  options: RawBodyOptions,
): onRequestHookHandler {
  fastify.addContentTypeParser(
    [...options.mediaTypes],
    { parseAs: options.parseAs, bodyLimit: options.bodyLimit },
    (_request, body, done) => done(null, body),
  );
  // Everything but a too-large body goes on to the app's handler.
  fastify.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new HttpError(413, ERROR_CODES.payloadTooLarge, options.tooLarge);
    throw error;
  });
  return (request, _reply, done) => {
    if (options.mediaTypes.includes(mediaTypeOf(request.headers['content-type']))) done();
    else done(new HttpError(415, ERROR_CODES.unsupportedMediaType, options.wrongType));
  };
}
