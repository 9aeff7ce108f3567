/**
 * What differs between two contents, item by item, for every kind of KINDS: the draft against live
 * (a publish, a discard, the draft's changes), or live against a revision's rebuilt content (a
 * rollback and its preview). The draft is read here and only here — the publish checks read it
 * through `draftContent` too.
 *
 * Draft against live is diffed in SQL (`EXCEPT` both ways on the kind's compared columns): only
 * the differing rows leave the database, which matters on a plant of 100k items.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  KIND,
  KINDS,
  chunks,
  countsOf,
  emptyCounts,
  loose,
  type ChangeKind,
  type Db,
  type KindTable,
  type LiveContent,
  type PendingChange,
  type RevisionCounts,
  type Row,
} from './change-kinds.js';

export interface Diff {
  changes: PendingChange[];
  counts: RevisionCounts;
}

/** The draft rows of one kind of the development, `devid` first then the compared columns. */
function draftRows(db: Db, table: KindTable, devid: number) {
  const from = loose(db).selectFrom(table.draft);
  // A draft row belongs to its development directly, through its zone, or its element's zone.
  const owned =
    table.owner === 'development'
      ? from
      : table.owner === 'zone'
        ? from.innerJoin('zones', 'zones.zoneid', `${table.draft}.zoneid`)
        : from
            .innerJoin('elements', 'elements.elementid', `${table.draft}.elementid`)
            .innerJoin('zones', 'zones.zoneid', 'elements.zoneid');
  const owner = table.owner === 'development' ? `${table.draft}.devid` : 'zones.devid';
  return owned
    .select([owner, ...table.columns.map((column) => `${table.draft}.${column}`)])
    .where(owner, '=', devid);
}

/** The live rows of one kind of the development, in the same columns as draftRows. */
function liveRows(db: Db, table: KindTable, devid: number) {
  return loose(db)
    .selectFrom(table.live)
    .select(['devid', ...table.columns])
    .where('devid', '=', devid);
}

/**
 * What differs between the draft and the live content of a development, per item: the live row
 * before (absent when the draft adds the item) and the draft's row after (absent when it removes
 * it).
 */
export async function diffDraft(trx: Transaction<Database>, devid: number): Promise<Diff> {
  const changes: PendingChange[] = [];
  for (const table of KINDS) {
    const draft = draftRows(trx, table, devid);
    const live = liveRows(trx, table, devid);
    const after = await draft.except(live).execute();
    const before = await live.except(draft).execute();
    const byId = new Map<number, { before?: Row; after?: Row }>();
    for (const row of before) byId.set(row[table.key] as number, { before: row });
    for (const row of after) {
      const id = row[table.key] as number;
      byId.set(id, { ...byId.get(id), after: row });
    }
    for (const [id, change] of byId) changes.push({ kind: table.kind, id, ...change });
  }
  return { changes, counts: countsOf(changes) };
}

/** The diff, restricted to one zone's items when `zoneid` is given, with its counts. */
export async function scopedDiff(
  trx: Transaction<Database>,
  devid: number,
  zoneid: number | undefined,
): Promise<Diff> {
  const all = await diffDraft(trx, devid);
  if (zoneid === undefined) return all;
  const zones = await zonesOf(trx, all.changes);
  const changes = all.changes.filter((_, index) => zones[index]!.has(zoneid));
  return { changes, counts: countsOf(changes) };
}

/**
 * The zones each change touches: the zone of the row before (as live had it) and after (as the
 * draft has it). The editor never moves an item to another zone, so that is one zone — two only
 * if it ever did, and then a zone's publish or discard takes the move whole.
 */
export async function zonesOf(
  db: Db,
  changes: ReadonlyArray<{ kind: ChangeKind; before?: Row | null; after?: Row | null }>,
): Promise<Array<Set<number>>> {
  const elementids = new Set<number>();
  for (const change of changes) {
    if (KIND[change.kind].zoneOf !== 'element') continue;
    for (const row of [change.before, change.after]) {
      if (row) elementids.add(row.elementid as number);
    }
  }
  const draftZone = new Map<number, number>();
  const liveZone = new Map<number, number>();
  for (const ids of chunks([...elementids])) {
    for (const row of await db
      .selectFrom('elements')
      .select(['elementid', 'zoneid'])
      .where('elementid', 'in', ids)
      .execute())
      draftZone.set(row.elementid, row.zoneid);
    for (const row of await db
      .selectFrom('pub_elements')
      .select(['elementid', 'zoneid'])
      .where('elementid', 'in', ids)
      .execute())
      liveZone.set(row.elementid, row.zoneid);
  }
  return changes.map((change) => {
    const zoneOf = KIND[change.kind].zoneOf;
    const zones = new Set<number>();
    const add = (zoneid: number | undefined) => {
      if (zoneid !== undefined) zones.add(zoneid);
    };
    const sides: Array<[Row | null | undefined, 'before' | 'after']> = [
      [change.before, 'before'],
      [change.after, 'after'],
    ];
    for (const [row, side] of sides) {
      // In no zone (alert templates, settings): only whole publishes take them.
      if (!row || zoneOf === null) continue;
      if (zoneOf === 'zoneid') add(row.zoneid as number);
      else {
        const elementid = row.elementid as number;
        add(
          side === 'before'
            ? (liveZone.get(elementid) ?? draftZone.get(elementid))
            : (draftZone.get(elementid) ?? liveZone.get(elementid)),
        );
      }
    }
    return zones;
  });
}

/** Whether two logged rows hold the same values, whatever the order of their columns. */
function sameRow(a: Row, b: Row): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  }
  return true;
}

/**
 * What turning content `from` into content `to` changes, item by item (`before` from `from`,
 * `after` from `to`), with its counts: what a rollback publishes and what its preview shows.
 */
export function diffContents(devid: number, from: LiveContent, to: LiveContent): Diff {
  const counts = emptyCounts();
  const changes: PendingChange[] = [];
  for (const { kind, key } of KINDS) {
    const withDevid = (row: Row): Row => ({ ...row, devid });
    const before = new Map((from[kind] ?? []).map((row) => [row[key] as number, row]));
    const after = new Map((to[kind] ?? []).map((row) => [row[key] as number, row]));
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(id);
      const will = after.get(id);
      if (was && will && sameRow(was, will)) continue;
      const tally = counts[kind];
      if (was && will) tally.changed++;
      else if (will) tally.added++;
      else tally.removed++;
      changes.push({
        kind,
        id,
        ...(was ? { before: withDevid(was) } : {}),
        ...(will ? { after: withDevid(will) } : {}),
      });
    }
  }
  return { changes, counts };
}

/** The draft content the publish checks look at: the four content kinds, rows as logged. */
export interface DraftContent {
  zone: Row[];
  element: Row[];
  subgroup: Row[];
  subelement: Row[];
}

/** The development's draft as the revision log shapes its rows (no devid, no editor version). */
export async function draftContent(db: Db, devid: number): Promise<DraftContent> {
  const read = async (kind: keyof DraftContent) => {
    const rows = await draftRows(db, KIND[kind], devid).execute();
    return rows.map(({ devid: _devid, ...row }) => row);
  };
  return {
    zone: await read('zone'),
    element: await read('element'),
    subgroup: await read('subgroup'),
    subelement: await read('subelement'),
  };
}
