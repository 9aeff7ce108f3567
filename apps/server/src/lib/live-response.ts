/**
 * The life of one back-office server-sent event stream (the fleet's and the alert's live
 * channels): an authorised response taken over, exempt from the idle time-out, told how soon to
 * reconnect, ended after `maxLifetimeMs` (EventSource reconnects, which checks the session again),
 * and released once — on the client's close, an error or that end — with whatever the channel
 * registered to stop (its bus subscriptions, its timers). Writing to a response already gone
 * releases it instead.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { SSE_HEADERS } from './stream-hub.js';

export interface LiveResponse {
  /** Writes `chunk`, or releases the stream when the response is gone. */
  write(chunk: string): void;
  /** Runs `stop` when the stream is released (at most once, in registration order). */
  onRelease(stop: () => void): void;
  release(): void;
  /** Releases the stream and ends the response. */
  end(): void;
}

export function openLiveResponse(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
  options: { retryMs: number; maxLifetimeMs: number },
): LiveResponse {
  // Long-lived by design: exempt from the server's idle time-out (see RequestTimeouts in app.ts).
  req.socket?.setTimeout(0);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  res.writeHead(200, { ...out, ...SSE_HEADERS });
  res.write(`retry: ${options.retryMs}\n\n`);

  const stops: Array<() => void> = [];
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(lifetime);
    for (const stop of stops) stop();
  };
  const end = () => {
    release();
    res.end();
  };
  const lifetime = setTimeout(end, options.maxLifetimeMs);
  lifetime.unref();
  req.on('close', release);
  res.on('close', release);
  res.on('error', release);
  return {
    write(chunk) {
      if (res.destroyed || res.writableEnded) {
        release();
        return;
      }
      res.write(chunk);
    },
    onRelease(stop) {
      stops.push(stop);
    },
    release,
    end,
  };
}
