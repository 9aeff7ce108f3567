/**
 * The response envelope `{ data, message, error }` of docs/product.md#calls and the errors handlers throw to
 * produce it. Handlers throw `HttpError`s; the app's error handler turns every error, Fastify's own
 * included, into an envelope, so no route builds an error response by hand.
 */
import { ERROR_CODES, type Envelope, type ErrorCode } from '@plant-kiosk/contract';
import type { FastifyReply } from 'fastify';

export const OK_MESSAGE = 'OK';

export function ok<T>(data: T, message: string = OK_MESSAGE): Envelope<T> {
  return { data, message, error: null };
}

export function failure(message: string, error: ErrorCode): Envelope<null> {
  return { data: null, message, error };
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message);
export const unauthorized = (message: string) =>
  new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string) => new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new HttpError(404, ERROR_CODES.notFound, message);

/** The error code that goes with an HTTP status, for errors that do not carry one. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ERROR_CODES.unauthorized;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 409:
      return ERROR_CODES.conflict;
    case 413:
      return ERROR_CODES.payloadTooLarge;
    case 415:
      return ERROR_CODES.unsupportedMediaType;
    case 429:
      return ERROR_CODES.tooManyRequests;
    case 503:
      return ERROR_CODES.unavailable;
    default:
      return status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest;
  }
}

/** 429 with Retry-After, as an envelope (the error handler writes it). */
export function tooManyRequests(reply: FastifyReply, seconds: number, message: string): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, ERROR_CODES.tooManyRequests, message);
}
