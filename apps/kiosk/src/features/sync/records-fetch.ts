/**
 * Fetches a development's records into memory, touching nothing local (validation and the write
 * come after, in the engine). A run tries the record sources in order and takes the first answer:
 *
 * - the snapshot (fast path): one `GET /display/snapshot/:devid` carrying the ETag of the content
 *   held. A 304 means the local records are current ('unchanged'), so nothing is written. The engine
 *   sends the ETag only while the local record counts still match those written with it.
 * - the crawl (fallback): the spec's own calls — zones of the development, the elements of each
 *   zone, the sub-elements and sub-groups of each element — at most CRAWL_CONCURRENCY requests in
 *   flight; the first failure aborts the rest (a half-crawled development is of no use).
 *
 * A source that answers 'unsupported' (the snapshot on a server without the route: 404/405/501)
 * is skipped for the fetcher's lifetime, i.e. the engine's. The delta sync
 * (`GET /display/changes/:devid?since=N`) is not one of these sources: it carries changes to apply
 * rather than whole records, so the engine asks it first through records-delta.ts and comes here
 * only when it says to (a full sync needed, a count mismatch, no such route, no revision held).
 */
import type { Subelement, Subgroup } from '@plant-kiosk/contract';
import type { ApiClient } from '../../lib/api/api-client';
import { mapPool } from './concurrency-pool';
import { isFiniteNumber, isObject } from './records-validate';
import { SyncError } from './sync-errors';
import type { SyncProgress } from './sync-store';

export const CRAWL_CONCURRENCY = 6;

export type RecordsSourceName = 'snapshot' | 'crawl';

/** What a source answers for one run. */
export type FetchedRecords =
  /** The local records are current: nothing to write. */
  | { status: 'unchanged'; source: RecordsSourceName }
  /** Every record of the development, not yet validated, to replace the local ones with. */
  | {
      status: 'records';
      source: RecordsSourceName;
      records: unknown;
      /** To send on the next run (snapshot only). */
      etag: string | null;
      /** The content version (snapshot only). */
      version: number | null;
    };

export interface FetchRequest {
  /** ETag of the local records, when they can be trusted; null to get everything. */
  etag: string | null;
  signal: AbortSignal;
  /** Progress of a source with several requests (the crawl). */
  onProgress?: (progress: SyncProgress) => void;
}

/** One way of getting the records. */
export interface RecordsSource {
  readonly name: RecordsSourceName;
  /** 'unsupported': the server does not offer this source; it is not asked again. */
  fetch(request: FetchRequest): Promise<FetchedRecords | 'unsupported'>;
}

/** The snapshot: one request, conditional on the ETag. */
export function snapshotSource(api: ApiClient, devid: number): RecordsSource {
  return {
    name: 'snapshot',
    async fetch({ etag, signal }) {
      const answer = await api.snapshot(devid, etag, { signal });
      if (answer.status === 'not-modified') return { status: 'unchanged', source: 'snapshot' };
      if (answer.status === 'unsupported') return 'unsupported';
      const snapshot: unknown = answer.snapshot;
      if (!isObject(snapshot)) throw new SyncError('Données invalides : réponse mal formée');
      if (snapshot.devid !== devid) throw new SyncError('Données invalides : autre développement');
      return {
        status: 'records',
        source: 'snapshot',
        records: snapshot,
        etag: answer.etag,
        version: isFiniteNumber(snapshot.version) ? snapshot.version : null,
      };
    },
  };
}

/** The spec's per-item calls; always available, never conditional. */
export function crawlSource(api: ApiClient, devid: number): RecordsSource {
  return {
    name: 'crawl',
    async fetch({ signal, onProgress }) {
      const records = await crawlRecords(api, devid, signal, onProgress);
      return { status: 'records', source: 'crawl', records, etag: null, version: null };
    },
  };
}

async function crawlRecords(
  api: ApiClient,
  devid: number,
  signal: AbortSignal,
  onProgress?: (progress: SyncProgress) => void,
): Promise<unknown> {
  let done = 0;
  let total = 1;
  const step = () => onProgress?.({ phase: 'records', done: ++done, total });
  const pool = { limit: CRAWL_CONCURRENCY, signal };
  const zones = await api.zones(devid, { signal });
  if (!Array.isArray(zones)) throw new SyncError('Données invalides : zones');
  total += zones.length;
  step();
  const perZone = await mapPool(
    zones,
    async (zone, s) => {
      const list = await api.elements(zone.zoneid, undefined, { signal: s });
      step();
      return list;
    },
    pool,
  );
  const elements = perZone.flat();
  total += elements.length * 2;
  onProgress?.({ phase: 'records', done, total });
  const tasks = elements.flatMap((element) => [
    { kind: 'subelements' as const, elementid: element.elementid },
    { kind: 'subgroups' as const, elementid: element.elementid },
  ]);
  const subelements: Subelement[] = [];
  const subgroups: Subgroup[] = [];
  await mapPool(
    tasks,
    async (task, s) => {
      if (task.kind === 'subelements') {
        subelements.push(...(await api.subelements(task.elementid, undefined, { signal: s })));
      } else {
        subgroups.push(...(await api.subgroups(task.elementid, { signal: s })));
      }
      step();
    },
    pool,
  );
  // Like the snapshot, leave out the values of sub-groups the server no longer serves (expired).
  const live = new Set(subgroups.map((group) => group.subgroupid));
  return {
    zones,
    elements,
    subelements: subelements.filter(
      (sub) => !sub.subgroupinfo || live.has(sub.subgroupinfo.subgroupid),
    ),
    subgroups,
  };
}

export interface RecordsFetcher {
  /** The first answer of the sources still supported, in order. */
  fetch(request: FetchRequest): Promise<FetchedRecords>;
}

/** Tries `sources` in order, remembering for its lifetime those the server does not offer. */
export function createRecordsFetcher(sources: readonly RecordsSource[]): RecordsFetcher {
  const unsupported = new Set<RecordsSourceName>();
  return {
    async fetch(request) {
      const available = sources.filter((source) => !unsupported.has(source.name));
      for (const [index, source] of available.entries()) {
        const answer = await source.fetch(request);
        if (answer !== 'unsupported') return answer;
        unsupported.add(source.name);
        const next = available[index + 1];
        console.warn(
          `[sync] the server has no ${source.name} route; ${next ? `using the ${next.name}` : 'no source left'}`,
        );
      }
      throw new SyncError('Aucune source de données disponible sur le serveur');
    },
  };
}

/** The sources of today's engine: the snapshot, then the crawl. */
export function defaultRecordsFetcher(api: ApiClient, devid: number): RecordsFetcher {
  return createRecordsFetcher([snapshotSource(api, devid), crawlSource(api, devid)]);
}
