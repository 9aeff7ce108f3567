import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from '../../lib/api/api-client';
import { demoPlant, FakeContentServer } from '../../lib/api/testing/fake-content-server';
import {
  crawlSource,
  createRecordsFetcher,
  defaultRecordsFetcher,
  snapshotSource,
  type FetchedRecords,
  type FetchRequest,
  type RecordsSource,
} from './records-fetch';
import { SyncError } from './sync-errors';
import type { SyncProgress } from './sync-store';

let server: FakeContentServer;
let api: ApiClient;
let warnSpy: MockInstance<typeof console.warn>;

const request = (overrides: Partial<FetchRequest> = {}): FetchRequest => ({
  etag: null,
  signal: new AbortController().signal,
  ...overrides,
});

beforeEach(() => {
  server = new FakeContentServer(demoPlant());
  api = createApiClient(
    { contentBase: server.origin, authBase: server.origin },
    () => server.plant.token,
    { fetch: server.fetch },
  );
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('snapshot source', () => {
  it('answers the whole development with its ETag and version', async () => {
    const answer = await snapshotSource(api, server.plant.devid).fetch(request());

    expect(answer).toMatchObject({
      status: 'records',
      source: 'snapshot',
      etag: server.etag,
      version: 1,
      records: { zones: server.plant.zones, elements: server.plant.elements },
    });
    expect(server.paths()).toEqual([`/display/snapshot/${server.plant.devid}`]);
  });

  it('sends the ETag and answers unchanged on a 304', async () => {
    const answer = await snapshotSource(api, server.plant.devid).fetch(
      request({ etag: server.etag }),
    );
    expect(answer).toEqual({ status: 'unchanged', source: 'snapshot' });
    expect(server.requests[0]!.headers.get('If-None-Match')).toBe(server.etag);
  });

  it('answers unsupported on a server without the route', async () => {
    server.snapshotSupported = false;
    expect(await snapshotSource(api, server.plant.devid).fetch(request())).toBe('unsupported');
  });

  it("refuses another development's snapshot", async () => {
    const foreign = { ...server.plant, devid: 99, generatedAt: '2026-01-10T08:00:00.000Z' };
    const body = JSON.stringify({ data: foreign, message: 'OK', error: null });
    server.fail(/\/display\/snapshot\//, { kind: 'body', body });

    const answer = snapshotSource(api, server.plant.devid).fetch(request());

    await expect(answer).rejects.toEqual(new SyncError('Données invalides : autre développement'));
  });
});

describe('crawl source', () => {
  it('fetches the records with the spec calls, leaving out values of expired sub-groups', async () => {
    server.plant.subelements.push({
      subelementid: 1099,
      elementid: 20,
      order: 9,
      value: 'périmé',
      type: 'text',
      subgroupinfo: { subgroupid: 999, fieldlabel: 'titre' },
    });
    const steps: SyncProgress[] = [];

    const answer = await crawlSource(api, server.plant.devid).fetch(
      request({ onProgress: (p) => steps.push(p) }),
    );

    expect(answer).toMatchObject({ status: 'records', source: 'crawl', etag: null, version: null });
    const records = (answer as Extract<FetchedRecords, { status: 'records' }>).records as {
      subelements: { subelementid: number }[];
    };
    expect(records.subelements.map((s) => s.subelementid).sort()).toEqual([
      1000, 1001, 1002, 1003, 1004,
    ]);
    // zones (1) + elements of 3 zones + sub-elements and sub-groups of 4 elements.
    expect(steps.at(-1)).toEqual({ phase: 'records', done: 12, total: 12 });
    expect(steps.every((s) => s.done <= s.total)).toBe(true);
  });

  it('aborts the rest on the first failure and throws it', async () => {
    server.fail('/display/elements/2', { kind: 'status', status: 503 });

    const answer = crawlSource(api, server.plant.devid).fetch(request());

    await expect(answer).rejects.toMatchObject({ name: 'ApiError', status: 503 });
    // The elements step failed: the sub-element and sub-group step never started.
    expect(server.paths(/subelements|subgroups/)).toEqual([]);
  });

  it('sends nothing once stopped', async () => {
    const controller = new AbortController();
    const reason = new SyncError('Synchronisation annulée');
    controller.abort(reason);
    const answer = crawlSource(api, server.plant.devid).fetch(
      request({ signal: controller.signal }),
    );
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toEqual([]);
  });
});

describe('records fetcher', () => {
  /** A source answering what it is given, counting its calls. */
  function source(
    name: RecordsSource['name'],
    answer: FetchedRecords | 'unsupported',
  ): RecordsSource & { calls: number } {
    return {
      name,
      calls: 0,
      fetch() {
        this.calls++;
        return Promise.resolve(answer);
      },
    };
  }
  const records = (name: RecordsSource['name']): FetchedRecords => ({
    status: 'records',
    source: name,
    records: {},
    etag: null,
    version: null,
  });

  it('takes the first source that answers', async () => {
    const first = source('snapshot', { status: 'unchanged', source: 'snapshot' });
    const second = source('crawl', records('crawl'));
    const fetcher = createRecordsFetcher([first, second]);

    expect(await fetcher.fetch(request())).toEqual({ status: 'unchanged', source: 'snapshot' });
    expect(second.calls).toBe(0);
  });

  it('falls through an unsupported source and does not ask it again', async () => {
    const first = source('snapshot', 'unsupported');
    const second = source('crawl', records('crawl'));
    const fetcher = createRecordsFetcher([first, second]);

    expect(await fetcher.fetch(request())).toMatchObject({ source: 'crawl' });
    expect(await fetcher.fetch(request())).toMatchObject({ source: 'crawl' });
    expect([first.calls, second.calls]).toEqual([1, 2]);
    expect(warnSpy).toHaveBeenCalledTimes(1);
  });

  it('fails when no source is left', async () => {
    const fetcher = createRecordsFetcher([source('snapshot', 'unsupported')]);
    await expect(fetcher.fetch(request())).rejects.toBeInstanceOf(SyncError);
  });

  it("passes a source's failure on without trying the next one", async () => {
    const failure = new Error('HTTP 500');
    const failing: RecordsSource = { name: 'snapshot', fetch: () => Promise.reject(failure) };
    const next = source('crawl', records('crawl'));
    await expect(createRecordsFetcher([failing, next]).fetch(request())).rejects.toBe(failure);
    expect(next.calls).toBe(0);
  });

  it('by default asks the snapshot, then crawls a server without it — and remembers', async () => {
    server.snapshotSupported = false;
    const fetcher = defaultRecordsFetcher(api, server.plant.devid);

    expect(await fetcher.fetch(request())).toMatchObject({ status: 'records', source: 'crawl' });
    server.requests.length = 0;
    await fetcher.fetch(request());
    expect(server.paths(/snapshot/)).toEqual([]);
  });
});
