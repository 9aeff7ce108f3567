/**
 * Bytes on the wire of a page's requests, from Chromium's own network events (CDP): for each
 * request that finished, `Network.loadingFinished`'s `encodedDataLength` — what crossed the
 * socket, compressed body plus response headers. Listening costs the page nothing: no request is
 * paused (unlike a Playwright route).
 */
import type { CDPSession, Page } from 'playwright-core';

export interface MeteredRequest {
  url: string;
  method: string;
  status: number | null;
  /** Bytes received (headers and encoded body); 0 until it finished. */
  bytes: number;
  finished: boolean;
  failed: boolean;
}

export interface NetworkMeter {
  /** Requests sent since the meter started or was last reset, in order. */
  requests(): MeteredRequest[];
  /** Forgets the requests seen so far (call it before the part of the run to measure). */
  reset(): void;
  stop(): Promise<void>;
}

interface RequestWillBeSent {
  requestId: string;
  request: { url: string; method: string };
}

export async function meterNetwork(page: Page): Promise<NetworkMeter> {
  const session: CDPSession = await page.context().newCDPSession(page);
  let byId = new Map<string, MeteredRequest>();
  session.on('Network.requestWillBeSent', (event: RequestWillBeSent) => {
    byId.set(event.requestId, {
      url: event.request.url,
      method: event.request.method,
      status: null,
      bytes: 0,
      finished: false,
      failed: false,
    });
  });
  session.on(
    'Network.responseReceived',
    (event: { requestId: string; response: { status: number } }) => {
      const request = byId.get(event.requestId);
      if (request) request.status = event.response.status;
    },
  );
  session.on(
    'Network.loadingFinished',
    (event: { requestId: string; encodedDataLength: number }) => {
      const request = byId.get(event.requestId);
      if (!request) return;
      request.bytes = event.encodedDataLength;
      request.finished = true;
    },
  );
  session.on('Network.loadingFailed', (event: { requestId: string }) => {
    const request = byId.get(event.requestId);
    if (request) request.failed = true;
  });
  await session.send('Network.enable');
  return {
    requests: () => [...byId.values()],
    reset: () => {
      byId = new Map();
    },
    stop: async () => {
      await session.detach().catch(() => undefined);
    },
  };
}
