/**
 * Test support: jsdom has no Cache Storage, so this is the part of the `Cache` interface the sync
 * engine uses (keys, match, put, delete), in memory. `put` reads the body like the real one does,
 * and can be told to fail (quota) for given URLs.
 */

interface Entry {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
}

const urlOf = (request: RequestInfo | URL) =>
  typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;

export class MemoryCache {
  readonly entries = new Map<string, Entry>();
  /** URLs whose `put` throws a QuotaExceededError. */
  readonly failPuts = new Set<string>();

  keys(): Promise<Request[]> {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }

  match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(urlOf(request));
    return Promise.resolve(
      entry && new Response(entry.body, { status: entry.status, headers: entry.headers }),
    );
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const url = urlOf(request);
    if (this.failPuts.has(url)) throw new DOMException('Quota exceeded', 'QuotaExceededError');
    const body = await response.arrayBuffer();
    this.entries.set(url, { body, status: response.status, headers: [...response.headers] });
  }

  delete(request: RequestInfo | URL): Promise<boolean> {
    return Promise.resolve(this.entries.delete(urlOf(request)));
  }

  /** Cached URLs, sorted, for assertions. */
  urls(): string[] {
    return [...this.entries.keys()].sort();
  }

  async text(url: string): Promise<string | undefined> {
    const response = await this.match(url);
    return response?.text();
  }

  /** As the engine's `openMediaCache` option. */
  opener(): () => Promise<Cache> {
    return () => Promise.resolve(this as unknown as Cache);
  }
}
