// Chromium's DevTools protocol over `--remote-debugging-pipe` (issue 53, the totem's watchdog).
//
// Why a pipe and not a port: a debugging port is an open door into the kiosk for anything on the
// machine (or the network, if bound wrongly) that can speak HTTP; the pipe exists only between
// Chromium and the process that started it. Chromium reads commands on its file descriptor 3 and
// writes answers and events on its file descriptor 4, each message one JSON text ended by a NUL
// byte. No dependency: the totem runs this with Debian's `nodejs`.

/**
 * @typedef {{ id: number, result?: unknown, error?: { message: string }, method?: string,
 *   params?: Record<string, unknown>, sessionId?: string }} CdpMessage
 */

export class CdpTimeoutError extends Error {
  /** @param {string} method @param {number} ms */
  constructor(method, ms) {
    super(`${method}: no answer in ${ms} ms`);
    this.name = 'CdpTimeoutError';
  }
}

export class CdpClosedError extends Error {
  constructor() {
    super('the browser closed its DevTools pipe');
    this.name = 'CdpClosedError';
  }
}

/**
 * A DevTools connection over the two pipe ends of a Chromium child process.
 * @param {NodeJS.WritableStream} toBrowser the child's fd 3
 * @param {NodeJS.ReadableStream} fromBrowser the child's fd 4
 */
export function connectPipe(toBrowser, fromBrowser) {
  let nextId = 1;
  let closed = false;
  /** @type {Map<number, { resolve: (v: unknown) => void, reject: (e: Error) => void, timer: NodeJS.Timeout }>} */
  const pending = new Map();
  /** @type {Set<(message: CdpMessage) => void>} */
  const listeners = new Set();
  /** @type {Buffer[]} */
  let chunks = [];

  const close = () => {
    if (closed) return;
    closed = true;
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(new CdpClosedError());
    }
    pending.clear();
  };

  fromBrowser.on('data', (/** @type {Buffer} */ chunk) => {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      chunks.push(chunk.subarray(start, end));
      const text = Buffer.concat(chunks).toString('utf8');
      chunks = [];
      start = end + 1;
      /** @type {CdpMessage} */
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        continue;
      }
      if (typeof message.id === 'number' && pending.has(message.id)) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (!waiter) continue;
        clearTimeout(waiter.timer);
        if (message.error) waiter.reject(new Error(message.error.message));
        else waiter.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners) listener(message);
      }
    }
    if (start < chunk.length) chunks.push(chunk.subarray(start));
  });
  fromBrowser.on('close', close);
  fromBrowser.on('error', close);
  toBrowser.on('error', close);

  return {
    /**
     * Sends one command; rejects after `timeoutMs` without an answer (a hung renderer never
     * answers a Runtime.evaluate: that silence is what the watchdog measures).
     * @param {string} method
     * @param {Record<string, unknown>} [params]
     * @param {{ sessionId?: string, timeoutMs?: number }} [options]
     * @returns {Promise<any>}
     */
    send(method, params = {}, options = {}) {
      if (closed) return Promise.reject(new CdpClosedError());
      const id = nextId++;
      const timeoutMs = options.timeoutMs ?? 10_000;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new CdpTimeoutError(method, timeoutMs));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        const message = {
          id,
          method,
          params,
          ...(options.sessionId ? { sessionId: options.sessionId } : {}),
        };
        toBrowser.write(JSON.stringify(message) + '\0');
      });
    },
    /** @param {(message: CdpMessage) => void} listener @returns {() => void} */
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get closed() {
      return closed;
    },
    close,
  };
}
