/**
 * The service's logger options (Fastify's pino), in one place so that a test logs through exactly
 * what production uses. No credential may reach a log line (issue 40, item 12): the request's URL
 * is logged without the values of its `token` (kiosk apps older than decision 028 put the kiosk's
 * token there) and `ticket` query parameters, and no header is logged; should code ever log the
 * headers, the credentials among them are censored.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /([?&](?:token|ticket)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

/** `url` with the values of its credential query parameters replaced by REDACTED. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, `$1${REDACTED}`);
}

const SECRET_HEADERS = ['token', 'authorization', 'cookie', 'x-csrf-token'];

/** Where log lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(
  level: LogLevel,
  stream?: LogDestination,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]),
      censor: REDACTED,
    },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
