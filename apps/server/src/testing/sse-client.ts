/**
 * A minimal event-stream reader over node:http, for tests that need a real connection (inject()
 * cannot keep a response open). Collects raw text and lets a test wait for a given chunk.
 */
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface StreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the received text satisfies `predicate`; rejects after `timeoutMs`. */
  waitFor(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  close(): void;
}

export function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      let received = '';
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        for (const waiter of [...waiters]) waiter();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', () => done());
        res.on('close', () => done());
      });
      ended.then(
        () => {
          for (const waiter of [...waiters]) waiter();
        },
        () => undefined,
      );
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => received,
        ended,
        // A bound that only catches a hang (under the test's own 20 s time-out): tests wait for
        // events, not for a budget that holds on a quiet machine only.
        waitFor: (predicate, timeoutMs = 15_000) =>
          new Promise<string>((done, fail) => {
            const check = () => {
              if (predicate(received)) {
                waiters.delete(check);
                clearTimeout(timer);
                done(received);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `stream did not deliver the expected data in ${timeoutMs} ms; got:\n${received}`,
                ),
              );
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => {
          res.destroy();
          req.destroy();
        },
      });
    });
    req.end();
  });
}

/** Polls `condition` until true (or fails after `timeoutMs`). */
export async function eventually(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
