/**
 * Delta sync (decision 016): what a totem holding revision N must do to hold the
 * snapshot of the latest revision M, now. The change log (`content_changes`, written by every
 * publish and rollback) says which items changed in (N, M]; their rows are read from the live
 * tables and mapped exactly as `LiveContentRepository.snapshot` maps them, never parsed from the log,
 * so a put is byte for byte what the snapshot would hold.
 *
 * Sub-group windows are decided by the server's clock, as for the snapshot. The totem's copy of N
 * may have been taken at any time t0 since N was published, so besides the logged changes:
 * - every sub-group whose expiration date is in (published(N), now] is deleted (it may still be
 *   in the totem's copy), and every changed sub-group expired now is deleted, not put;
 * - a sub-group that is deleted takes all its live sub-elements with it, and a sub-element put
 *   whose sub-group is not visible now is deleted instead (the snapshot leaves both out);
 * - a sub-group that is put brings all its live sub-elements (a copy of N may lack them: the
 *   sub-group had expired there, then a later revision extended its date).
 * Deletes of ids the totem does not hold are no-ops, which is what lets these sets be generous.
 *
 * The settings (published settings, decision 017) are not records: sent whole, as the snapshot has
 * them, when the log names them in (N, M]; they count in the log's size, not in `counts`.
 *
 * Every read runs in one repeatable-read, read-only transaction, as the snapshot's do, so a
 * publish committing meanwhile cannot mix two revisions in one answer.
 */
import type {
  ChangeCounts,
  ContentDelta,
  FullSyncNeeded,
  Subelement,
  Subgroup,
} from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toAlertTemplate } from '../alerts/index.js';
import {
  LiveContentRepository,
  toElement,
  toSubelement,
  toSubgroup,
  toZone,
} from '../content/index.js';
import { logStartingAt, type ChangeKind } from '../publishing/index.js';
import { SettingsRepository } from '../settings/index.js';

/**
 * A delta is answered only while the change log rows it covers are at most this share of the
 * latest snapshot's records. Past half, the snapshot is no dearer to send than the delta (each
 * changed record is sent whole either way, and the delta adds its deletes), and a totem applies a
 * clear + bulkPut of the whole faster than that many individual puts and deletes.
 */
export const MAX_DELTA_SHARE = 0.5;

/** Ids per `in (…)` list: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

export type DeltaOutcome =
  /** N is the latest revision and nothing expired since it was published: 304. */
  | { kind: 'unchanged'; to: number; nextExpiration: string | null }
  | { kind: 'full'; answer: FullSyncNeeded; nextExpiration: string | null }
  | { kind: 'delta'; answer: ContentDelta; nextExpiration: string | null };

type Trx = Transaction<Database>;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const byId = (a: number, b: number) => a - b;

export class DeltaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The answer to `GET /display/changes/:devid?since=N` at `now` (see the header and changes.ts);
   * undefined when the development does not exist. `nextExpiration` is the next instant the answer
   * changes by itself (a sub-group expires), for the cache. `maxShare` is MAX_DELTA_SHARE but for
   * the property test, which must see deltas of a small plant whatever their share.
   */
  async changes(
    devid: number,
    since: number,
    now: Date,
    maxShare = MAX_DELTA_SHARE,
  ): Promise<DeltaOutcome | undefined> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => this.changesIn(trx, devid, since, now, maxShare));
  }

  private async changesIn(
    trx: Trx,
    devid: number,
    since: number,
    now: Date,
    maxShare: number,
  ): Promise<DeltaOutcome | undefined> {
    const development = await trx
      .selectFrom('developments')
      .select('content_version')
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (!development) return undefined;
    const to = development.content_version;
    const content = new LiveContentRepository(trx);
    const nextExpiration = await content.nextExpiration(devid, now);
    const full = (reason: FullSyncNeeded['reason']): DeltaOutcome => ({
      kind: 'full',
      answer: { devid, full: true, reason, to },
      nextExpiration,
    });

    if (since > to) return full('ahead');
    // The same rule as RevisionRepository.contentAt: the log cannot start before a base revision.
    const revision = await logStartingAt(trx, devid, since);
    if (!revision) return full('unknown-revision');

    const nowIso = now.toISOString();
    // Sub-groups whose window closed since N was published: a copy of N may still hold them.
    const expiredSince = (
      await trx
        .selectFrom('pub_subgroups')
        .select('subgroupid')
        .where('devid', '=', devid)
        .where('expirationdate', '>', revision.created_at)
        .where('expirationdate', '<=', nowIso)
        .execute()
    ).map((row) => row.subgroupid);
    if (since === to && expiredSince.length === 0) return { kind: 'unchanged', to, nextExpiration };

    // Cheap checks before loading anything: the counts and the size of the log.
    const counts = await this.counts(trx, content, devid, now);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const logged = await trx
      .selectFrom('content_changes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('devid', '=', devid)
      .where('revision', '>', since)
      .where('revision', '<=', to)
      .executeTakeFirst();
    if (Number(logged?.n ?? 0) > maxShare * total) return full('too-large');

    const changed = new Map<ChangeKind, number[]>();
    const changedRows = await trx
      .selectFrom('content_changes')
      .select(['kind', 'item_id'])
      .distinct()
      .where('devid', '=', devid)
      .where('revision', '>', since)
      .where('revision', '<=', to)
      .execute();
    for (const row of changedRows) {
      const list = changed.get(row.kind as ChangeKind) ?? [];
      list.push(row.item_id);
      changed.set(row.kind as ChangeKind, list);
    }
    const ids = (kind: ChangeKind) => changed.get(kind) ?? [];
    const absent = (wanted: readonly number[], found: Iterable<number>) => {
      const present = new Set(found);
      return wanted.filter((id) => !present.has(id)).sort(byId);
    };

    const zones = await this.inChunks(ids('zone'), (chunk) =>
      trx
        .selectFrom('pub_zones')
        .selectAll()
        .where('devid', '=', devid)
        .where('zoneid', 'in', chunk)
        .execute(),
    );
    const elements = await this.inChunks(ids('element'), (chunk) =>
      trx
        .selectFrom('pub_elements')
        .selectAll()
        .where('devid', '=', devid)
        .where('elementid', 'in', chunk)
        .execute(),
    );
    const templates = await this.inChunks(ids('alert_template'), (chunk) =>
      trx
        .selectFrom('pub_alert_templates')
        .selectAll()
        .where('devid', '=', devid)
        .where('templateid', 'in', chunk)
        .execute(),
    );

    // Sub-groups: a changed one is put when the snapshot would show it now, else deleted.
    const visibleSubgroups = (subgroupIds: readonly number[]) =>
      this.inChunks(subgroupIds, (chunk) =>
        content
          .unexpiredSubgroups(now, trx)
          .where('subgroups.devid', '=', devid)
          .where('subgroups.subgroupid', 'in', chunk)
          .execute(),
      );
    const subgroupPuts = new Map<number, Subgroup>();
    for (const row of await visibleSubgroups(ids('subgroup')))
      subgroupPuts.set(row.subgroupid, toSubgroup(row, row.label));
    const subgroupDeletes = new Set([
      ...absent(ids('subgroup'), subgroupPuts.keys()),
      ...expiredSince,
    ]);

    // Sub-elements: the changed ones, those of every sub-group put (all of them), and those of
    // every sub-group deleted (ids only).
    const subelementPuts = new Map<number, Subelement>();
    const subelementDeletes = new Set<number>();
    const changedSubelements = await this.inChunks(ids('subelement'), (chunk) =>
      trx
        .selectFrom('pub_subelements')
        .selectAll()
        .where('devid', '=', devid)
        .where('subelementid', 'in', chunk)
        .execute(),
    );
    for (const id of absent(
      ids('subelement'),
      changedSubelements.map((row) => row.subelementid),
    ))
      subelementDeletes.add(id);
    const referenced = [
      ...new Set(
        changedSubelements.flatMap((row) =>
          row.subgroupid !== null && !subgroupPuts.has(row.subgroupid) ? [row.subgroupid] : [],
        ),
      ),
    ];
    const visible = new Set([
      ...subgroupPuts.keys(),
      ...(await visibleSubgroups(referenced)).map((row) => row.subgroupid),
    ]);
    for (const row of changedSubelements) {
      if (row.subgroupid === null || visible.has(row.subgroupid))
        subelementPuts.set(row.subelementid, toSubelement(row));
      else subelementDeletes.add(row.subelementid);
    }
    const ofPutGroups = await this.inChunks([...subgroupPuts.keys()], (chunk) =>
      trx
        .selectFrom('pub_subelements')
        .selectAll()
        .where('devid', '=', devid)
        .where('subgroupid', 'in', chunk)
        .execute(),
    );
    for (const row of ofPutGroups) subelementPuts.set(row.subelementid, toSubelement(row));
    const ofDeletedGroups = await this.inChunks([...subgroupDeletes], (chunk) =>
      trx
        .selectFrom('pub_subelements')
        .select('subelementid')
        .where('devid', '=', devid)
        .where('subgroupid', 'in', chunk)
        .execute(),
    );
    for (const row of ofDeletedGroups) subelementDeletes.add(row.subelementid);

    // Published settings: the settings travel whole, and only when a revision in (N, M] changed
    // them.
    const settings =
      ids('setting').length > 0 ? await new SettingsRepository(trx).live(devid) : undefined;

    const sortedValues = <T>(map: Map<number, T>) =>
      [...map.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);
    return {
      kind: 'delta',
      nextExpiration,
      answer: {
        devid,
        full: false,
        from: since,
        to,
        generatedAt: nowIso,
        puts: {
          zones: zones.sort((a, b) => a.zoneid - b.zoneid).map(toZone),
          elements: elements.sort((a, b) => a.elementid - b.elementid).map(toElement),
          subelements: sortedValues(subelementPuts),
          subgroups: sortedValues(subgroupPuts),
          alertTemplates: templates
            .sort((a, b) => a.templateid - b.templateid)
            .map(toAlertTemplate),
        },
        deletes: {
          zones: absent(
            ids('zone'),
            zones.map((row) => row.zoneid),
          ),
          elements: absent(
            ids('element'),
            elements.map((row) => row.elementid),
          ),
          subelements: [...subelementDeletes].sort(byId),
          subgroups: [...subgroupDeletes].sort(byId),
          alertTemplates: absent(
            ids('alert_template'),
            templates.map((row) => row.templateid),
          ),
        },
        counts,
        ...(settings ? { settings } : {}),
      },
    };
  }

  /**
   * The record counts of the development's snapshot at `now`, counted in SQL with the snapshot's
   * own filters (sub-groups not expired and with a model; sub-elements outside a sub-group or in
   * one of those).
   */
  private async counts(
    trx: Trx,
    content: LiveContentRepository,
    devid: number,
    now: Date,
  ): Promise<ChangeCounts> {
    const count = async (query: {
      executeTakeFirst(): Promise<{ n: string | number | bigint } | undefined>;
    }) => Number((await query.executeTakeFirst())?.n ?? 0);
    const visibleSubgroups = () =>
      content.unexpiredSubgroups(now, trx).where('subgroups.devid', '=', devid).clearSelect();
    return {
      zones: await count(
        trx
          .selectFrom('pub_zones')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('devid', '=', devid),
      ),
      elements: await count(
        trx
          .selectFrom('pub_elements')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('devid', '=', devid),
      ),
      subelements: await count(
        trx
          .selectFrom('pub_subelements')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('devid', '=', devid)
          .where((eb) =>
            eb.or([
              eb('subgroupid', 'is', null),
              eb('subgroupid', 'in', visibleSubgroups().select('subgroups.subgroupid')),
            ]),
          ),
      ),
      subgroups: await count(visibleSubgroups().select((eb) => eb.fn.countAll().as('n'))),
      alertTemplates: await count(
        trx
          .selectFrom('pub_alert_templates')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('devid', '=', devid),
      ),
    };
  }

  /** Runs `query` on each chunk of `ids` (none when empty) and concatenates the rows. */
  private async inChunks<T>(
    ids: readonly number[],
    query: (chunk: number[]) => Promise<T[]>,
  ): Promise<T[]> {
    const rows: T[] = [];
    for (const chunk of chunks(ids)) rows.push(...(await query(chunk)));
    return rows;
  }
}
