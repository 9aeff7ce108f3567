/**
 * Reading the revision history (revision history, decision 011; rollback, decision 014): the
 * revisions, what each changed (the change log), where a change is, which revisions show a media
 * value, and from which revision the log can be read at all.
 */
import { sql } from 'kysely';
import type { ContentRevisionRow } from '../db/schema.js';
import {
  CHANGE_KINDS,
  KIND,
  chunks,
  emptyCounts,
  withDefaults,
  type AuthorKind,
  type ChangeKind,
  type ContentChange,
  type Db,
  type Placed,
  type RevisionAuthor,
  type RevisionCounts,
  type Row,
} from './change-kinds.js';
import { zonesOf } from './draft-diff.js';
import { liveContent } from './live-apply.js';

export interface Revision {
  devid: number;
  revision: number;
  createdAt: string;
  author: RevisionAuthor;
  note: string | null;
  source: string;
  counts: RevisionCounts;
}

function parseCounts(json: string): RevisionCounts {
  const counts = emptyCounts();
  try {
    const value = JSON.parse(json) as Partial<RevisionCounts>;
    for (const kind of CHANGE_KINDS) if (value[kind]) counts[kind] = { ...value[kind] };
  } catch {
    // A base revision (migration) records no counts.
  }
  return counts;
}

export const toRevision = (row: ContentRevisionRow): Revision => ({
  devid: row.devid,
  revision: row.revision,
  createdAt: row.created_at,
  author: {
    kind: row.author_kind as AuthorKind,
    name: row.author_name,
    userid: row.userid,
  },
  note: row.note,
  source: row.source,
  counts: parseCounts(row.summary),
});

/**
 * Revision `revision` of the development if the change log can start there: it exists and is not
 * older than the newest base revision (migration 004's logged no changes, so nothing before it can
 * be rebuilt). The one rule of `contentAt` and of delta sync (delta-repository.ts).
 */
export async function logStartingAt(
  db: Db,
  devid: number,
  revision: number,
): Promise<{ created_at: string } | undefined> {
  const known = await db
    .selectFrom('content_revisions')
    .select('created_at')
    .where('devid', '=', devid)
    .where('revision', '=', revision)
    .executeTakeFirst();
  const base = await db
    .selectFrom('content_revisions')
    .select((eb) => eb.fn.max('revision').as('base'))
    .where('devid', '=', devid)
    .where('source', '=', 'migration')
    .executeTakeFirst();
  return known && revision >= Number(base?.base ?? 0) ? known : undefined;
}

/** The development's revisions, newest first (older than `before` when given). */
export async function listRevisions(
  db: Db,
  devid: number,
  limit = 50,
  before?: number,
): Promise<Revision[]> {
  let query = db.selectFrom('content_revisions').selectAll().where('devid', '=', devid);
  if (before !== undefined) query = query.where('revision', '<', before);
  const rows = await query.orderBy('revision', 'desc').limit(limit).execute();
  return rows.map(toRevision);
}

export async function findRevision(
  db: Db,
  devid: number,
  revision: number,
): Promise<Revision | undefined> {
  const row = await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('devid', '=', devid)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row && toRevision(row);
}

/** What the revisions after `from` up to `to` (both included) changed, oldest first. */
export async function loggedChanges(
  db: Db,
  devid: number,
  from: number,
  to: number,
): Promise<ContentChange[]> {
  const rows = await db
    .selectFrom('content_changes')
    .selectAll()
    .where('devid', '=', devid)
    .where('revision', '>=', from)
    .where('revision', '<=', to)
    .orderBy('revision')
    .orderBy('changeid')
    .execute();
  const parse = (kind: string, json: string | null) =>
    json === null ? null : withDefaults(kind, JSON.parse(json) as Row);
  return rows.map((row) => ({
    revision: row.revision,
    kind: row.kind as ChangeKind,
    itemId: row.item_id,
    before: parse(row.kind, row.before),
    after: parse(row.kind, row.after),
  }));
}

/** Each change's zone (the one it is or was in) and that zone's name, when still known. */
export async function locate<T extends ContentChange>(
  db: Db,
  changes: readonly T[],
): Promise<Array<T & Placed>> {
  const zones = await zonesOf(db, changes);
  const zoneids = [...new Set(zones.flatMap((set) => [...set]))];
  const names = new Map<number, string>();
  for (const ids of chunks(zoneids)) {
    for (const row of await db
      .selectFrom('pub_zones')
      .select(['zoneid', 'zonename'])
      .where('zoneid', 'in', ids)
      .execute())
      names.set(row.zoneid, row.zonename);
    // The draft's name wins: it is the one the back-office shows.
    for (const row of await db
      .selectFrom('zones')
      .select(['zoneid', 'zonename'])
      .where('zoneid', 'in', ids)
      .execute())
      names.set(row.zoneid, row.zonename);
  }
  return changes.map((change, index) => {
    const [zoneid] = [...zones[index]!];
    return {
      ...change,
      zoneid: zoneid ?? null,
      zonename: zoneid === undefined ? null : (names.get(zoneid) ?? null),
    };
  });
}

/**
 * The published revisions, newest first, whose content shows one of `values` (an element's or
 * sub-element's value), the live one included. Read from the log alone: an item held a value
 * from the revision whose `after` set it (or from the first revision, when the log starts with
 * it already there) until the revision before the one whose `before` has it.
 */
export async function revisionsUsing(
  db: Db,
  devid: number,
  values: readonly string[],
): Promise<number[]> {
  const wanted = new Set(values);
  if (wanted.size === 0) return [];
  const bounds = await db
    .selectFrom('content_revisions')
    .select((eb) => [eb.fn.min('revision').as('first'), eb.fn.max('revision').as('last')])
    .where('devid', '=', devid)
    .executeTakeFirst();
  const first = Number(bounds?.first ?? 0);
  const last = Number(bounds?.last ?? 0);
  if (last === 0) return [];
  const used = new Set<number>();
  const mark = (from: number, to: number) => {
    for (let revision = Math.max(from, first); revision <= to; revision++) used.add(revision);
  };
  const holds = (row: Row | null) => row !== null && wanted.has(row.value as string);

  // Items whose log rows mention a value (a LIKE narrows, the JSON is read to be sure).
  const mentions = new Set<string>();
  for (const value of wanted) {
    const needle = `%${JSON.stringify(value)
      .slice(1, -1)
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db
      .selectFrom('content_changes')
      .select(['kind', 'item_id'])
      .where('devid', '=', devid)
      .where('kind', 'in', ['element', 'subelement'])
      .where((eb) =>
        eb.or([
          eb('before', 'like', sql<string>`${needle} escape '\\'`),
          eb('after', 'like', sql<string>`${needle} escape '\\'`),
        ]),
      )
      .execute();
    for (const row of rows) mentions.add(`${row.kind}:${row.item_id}`);
  }
  for (const key of mentions) {
    const [kind, id] = key.split(':');
    const rows = await db
      .selectFrom('content_changes')
      .selectAll()
      .where('devid', '=', devid)
      .where('kind', '=', kind!)
      .where('item_id', '=', Number(id))
      .orderBy('revision')
      .orderBy('changeid')
      .execute();
    const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Row));
    let since: number | null = null;
    rows.forEach((row, index) => {
      const before = parse(row.before);
      const after = parse(row.after);
      if (holds(before)) mark(since ?? (index === 0 ? first : row.revision), row.revision - 1);
      since = holds(after) ? row.revision : null;
    });
    if (since !== null) mark(since, last);
  }
  // Live items never logged (a base revision's content) have held their value all along.
  const live = await liveContent(db, devid);
  for (const kind of ['element', 'subelement'] as const) {
    for (const row of live[kind]) {
      const id = row[KIND[kind].key] as number;
      if (holds(row) && !mentions.has(`${kind}:${id}`)) mark(first, last);
    }
  }
  return [...used].sort((a, b) => b - a);
}
