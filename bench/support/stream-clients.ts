/**
 * Many kiosk stream connections from one process, as plain HTTP requests (no EventSource: this
 * process must hold thousands of them). Each client records when a message of a given type
 * arrives, on this process's monotonic clock; a
 * "kiosk" client also syncs on `sync` — the snapshot, or the changes since the revision it holds
 * (delta sync, decision 016) as a kiosk does today — and records when it has the whole answer.
 */
import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import {
  TOKEN_HEADER,
  pathOf,
  type ContentChanges,
  type Envelope,
  type StreamTicket,
} from '@plant-kiosk/contract';

/**
 * The stream's messages carry `"type":"…"` (contract messages.ts; `alert`: contract alerts.ts;
 * `command`: contract kiosk-commands.ts).
 */
const MESSAGE_TYPES = ['sync', 'zone', 'element', 'alert', 'command'].map((name) => ({
  name,
  bytes: Buffer.from(`"type":"${name}"`),
}));

export interface StreamClient {
  /** performance.now() of each received message, newest last. */
  received: { type: string; at: number }[];
  /** performance.now() when the snapshot fetched after the last `sync` was complete. */
  snapshotAt: number | undefined;
  /**
   * With `syncByChanges`: performance.now() when the sync after the last `sync` message had its
   * whole answer (the delta, or the snapshot when the server asked for it), and the revision held.
   */
  syncedAt: number | undefined;
  version: number | undefined;
  /** With `syncByChanges`: how its syncs went (a full one is the snapshot after `full: true`). */
  syncs: { delta: number; unchanged: number; full: number; failed: number };
  /** The fleet id it connected with, if any. */
  kioskId: string | undefined;
  /** The token it connected with: a totem speaks for itself with it (issue 47). */
  token: string;
  close(): void;
}

export interface StreamClientOptions {
  base: string;
  devid: number;
  token: string;
  /** On `sync`, fetch the snapshot as a kiosk without delta sync does (with If-None-Match). */
  fetchSnapshot?: boolean;
  /**
   * On `sync`, fetch the changes since the revision held (starting from `since`), as a kiosk does
   * (decision 016): the delta's `to` becomes the revision held; `full: true` fetches the snapshot.
   * One sync at a time per client; a `sync` arriving meanwhile runs one more after it.
   */
  syncByChanges?: { since: number };
  /** The token's own id (issue 47: a stream for another id is refused); none: the token's. */
  kioskId?: string;
  /**
   * One logged-in totem per client (`loginTotems`), each with its own token and id: needed where
   * the clients must be told apart (acknowledgements, the fleet). Without it every client shares
   * `token`, as many screens of one totem would.
   */
  sessions?: readonly { token: string; kioskId: string }[];
  /**
   * Open the stream as the kiosk does (decision 028): a single-use ticket asked with the token,
   * then the stream with the ticket, the totem's id and its fleet identity in the URL — not the
   * token (which the server still accepts there, for kiosks built before the tickets).
   */
  withTicket?: boolean;
  /**
   * Called with the alert number of each `alert` message that starts one (null: an end, or a
   * message without a number), as the kiosk's takeover would act on it.
   */
  onAlert?: (alertid: number | null, client: StreamClient) => void;
  /** Called with the command number of each `command` message, as the totem would run it. */
  onCommand?: (commandId: number, client: StreamClient) => void;
}

/** The alert number in an `alert` stream chunk (`"alertid":N` inside its `alert`). */
function alertIdIn(chunk: Buffer): number | null {
  const match = /"alertid":(\d+)/.exec(chunk.toString('utf8'));
  return match ? Number(match[1]) : null;
}

function openStream(url: URL): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream: HTTP ${res.statusCode}`));
        res.resume();
        return;
      }
      resolve({ req, res });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The totems' own calls (snapshot, changes) go through one keep-alive agent of node:http: each
 * totem keeps its connection between syncs, as a browser does, and this process spends far less
 * per request than with fetch — whose own cost, five hundred syncs at once, was as large as the
 * server's and made the clients, not the server, the figure.
 */
const syncAgent = new Agent({ keepAlive: true, maxFreeSockets: 20_000 });

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  /** The body, decompressed. */
  body: Buffer;
}

/** A request with the kiosk's token and no body, accepting gzip as a browser does. */
function send(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent: syncAgent, headers: { ...headers, 'accept-encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          try {
            const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function fetchSnapshot(options: StreamClientOptions, etag: { value?: string }) {
  const headers: Record<string, string> = { [TOKEN_HEADER]: options.token };
  if (etag.value) headers['if-none-match'] = etag.value;
  const answer = await send(
    'GET',
    options.base + pathOf('snapshot', { params: { devid: options.devid } }),
    headers,
  );
  if (answer.status !== 200 && answer.status !== 304)
    throw new Error(`snapshot: HTTP ${answer.status}`);
  const tag = answer.headers.etag;
  if (typeof tag === 'string') etag.value = tag;
}

/** One delta sync of a client (see `syncByChanges`). */
async function syncByChanges(
  options: StreamClientOptions,
  client: StreamClient,
  etag: { value?: string },
): Promise<void> {
  const answer = await send(
    'GET',
    options.base +
      pathOf('changes', {
        params: { devid: options.devid },
        query: { since: client.version ?? 0 },
      }),
    { [TOKEN_HEADER]: options.token },
  );
  if (answer.status === 304) {
    client.syncs.unchanged++;
    return;
  }
  if (answer.status !== 200) throw new Error(`changes: HTTP ${answer.status}`);
  const changes = (JSON.parse(answer.body.toString('utf8')) as Envelope<ContentChanges>).data!;
  if (changes.full) {
    await fetchSnapshot(options, etag);
    client.syncs.full++;
  } else client.syncs.delta++;
  client.version = changes.to;
}

/** A single-use stream ticket for the token (`POST /display/stream-ticket/:devid`). */
async function streamTicket(options: StreamClientOptions): Promise<string> {
  const answer = await send(
    'POST',
    options.base + pathOf('streamTicket', { params: { devid: options.devid } }),
    { [TOKEN_HEADER]: options.token },
  );
  if (answer.status !== 200) throw new Error(`stream ticket: HTTP ${answer.status}`);
  return (JSON.parse(answer.body.toString('utf8')) as Envelope<StreamTicket>).data!.ticket;
}

export async function openStreamClient(options: StreamClientOptions): Promise<StreamClient> {
  const kiosk = options.kioskId ? { kioskId: options.kioskId } : {};
  const query = options.withTicket
    ? { ticket: await streamTicket(options), ...kiosk, mode: 'staff', appVersion: 'bench' }
    : { token: options.token, ...kiosk };
  const url = new URL(options.base + pathOf('stream', { params: { devid: options.devid }, query }));
  const { req, res } = await openStream(url);
  const etag: { value?: string } = {};
  const client: StreamClient = {
    received: [],
    snapshotAt: undefined,
    syncedAt: undefined,
    version: options.syncByChanges?.since,
    syncs: { delta: 0, unchanged: 0, full: 0, failed: 0 },
    kioskId: options.kioskId,
    token: options.token,
    close: () => {
      res.destroy();
      req.destroy();
    },
  };
  let syncing: 'idle' | 'running' | 'again' = 'idle';
  const sync = () => {
    if (syncing !== 'idle') {
      syncing = 'again';
      return;
    }
    syncing = 'running';
    const done = () => {
      const again = syncing === 'again';
      syncing = 'idle';
      if (again) sync();
    };
    syncByChanges(options, client, etag).then(
      () => {
        client.syncedAt = performance.now();
        done();
      },
      () => {
        client.syncs.failed++;
        done();
      },
    );
  };
  // Each chunk is timed on arrival and only searched for the message type, natively: this
  // process reads thousands of sockets in turn, and parsing here would delay the next ones.
  res.on('data', (chunk: Buffer) => {
    const at = performance.now();
    for (const type of MESSAGE_TYPES) {
      if (!chunk.includes(type.bytes)) continue;
      client.received.push({ type: type.name, at });
      if (options.onAlert && type.name === 'alert') options.onAlert(alertIdIn(chunk), client);
      if (options.onCommand && type.name === 'command') {
        // A chunk may hold several commands (queued ones, sent at once when the stream opens).
        for (const match of chunk.toString('utf8').matchAll(/"commandId":(\d+)/g)) {
          options.onCommand(Number(match[1]), client);
        }
      }
      if (options.fetchSnapshot && type.name === 'sync') {
        fetchSnapshot(options, etag).then(
          () => (client.snapshotAt = performance.now()),
          () => undefined,
        );
      }
      if (options.syncByChanges && type.name === 'sync') sync();
    }
  });
  res.on('error', () => undefined);
  return client;
}

/** The options of client `index`: its own session when there are sessions. */
function withSession(options: StreamClientOptions, index: number): StreamClientOptions {
  const session = options.sessions?.[index];
  if (!options.sessions) return options;
  if (!session) throw new Error(`stream clients: no session for client ${index}`);
  return { ...options, token: session.token, kioskId: session.kioskId };
}

/** Opens `count` clients, `parallel` at a time (a burst of thousands of connects overflows the accept queue). */
export async function openStreamClients(
  count: number,
  options: StreamClientOptions,
  parallel = 200,
): Promise<StreamClient[]> {
  const clients: StreamClient[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Math.min(parallel, count - start);
    clients.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, i) => openStreamClient(withSession(options, start + i))),
      )),
    );
  }
  return clients;
}

/** Resident memory of a process, from /proc (Linux), in bytes. */
export function residentBytes(pid: number, readFile: (path: string) => string): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFile(`/proc/${pid}/status`));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * How long after `since` (performance.now()) each client received its first `alert` message,
 * Infinity for a client that received none: the fan-out suites' per-client delivery figure.
 */
export const alertArrivals = (clients: readonly StreamClient[], since: number): number[] =>
  clients.map((client) => {
    const at = client.received.find((m) => m.type === 'alert')?.at;
    return at === undefined ? Number.POSITIVE_INFINITY : at - since;
  });

/** The development's latest published revision, as a synced totem holds it (`syncByChanges`). */
export async function publishedRevision(base: string, devid: number, token: string) {
  const response = await fetch(
    base + pathOf('changes', { params: { devid }, query: { since: 0 } }),
    {
      headers: { [TOKEN_HEADER]: token },
    },
  );
  if (!response.ok) throw new Error(`changes: HTTP ${response.status}`);
  return ((await response.json()) as Envelope<ContentChanges>).data!.to;
}

/** How the `syncByChanges` clients' syncs went, all together. */
export function syncTotals(clients: readonly StreamClient[]): StreamClient['syncs'] {
  const totals = { delta: 0, unchanged: 0, full: 0, failed: 0 };
  for (const client of clients)
    for (const key of Object.keys(totals) as (keyof typeof totals)[])
      totals[key] += client.syncs[key];
  return totals;
}
