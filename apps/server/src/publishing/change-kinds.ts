/**
 * The six kinds of item a revision publishes (publishing gate, decision 010; change log, decision
 * 011) and what differs between them, in one table: where the draft and the live rows are, the
 * item's key, how a draft row belongs to its development, the columns compared and logged, where
 * the item is placed (its zone), how a discard writes it back. The diff, the apply to live, the
 * live content, the rebuilt content of a revision and the discard loop over KINDS instead of
 * writing each kind out (as content/content-kinds.ts does for editing).
 *
 * Also the types the revision store speaks in (counts, authors, changes, content) and the small
 * helpers they share.
 */
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The tables KINDS names, seen with their names as plain strings: the loops below pick the table
 * from the kind, which the typed query builder cannot follow. Only this folder's SQL uses it, and
 * only through a kind's descriptor.
 */
export type LooseDb = Record<string, Record<string, unknown>>;
export const loose = (db: Db): Kysely<LooseDb> => db as unknown as Kysely<LooseDb>;

// `alert_template` (emergency alerts, decision 012): alert templates are published with the content
// (decision 012). `setting` (published settings, decision 017): a development's settings, one item
// whose id is the devid (decision 017).
export const CHANGE_KINDS = [
  'zone',
  'element',
  'subgroup',
  'subelement',
  'alert_template',
  'setting',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A row as the diff reads it, the log holds it (without devid) or a revision's content lists it. */
export type Row = Record<string, unknown>;

export interface KindTable {
  kind: ChangeKind;
  /** The draft table (what the back-office edits). */
  draft: keyof Database & string;
  /** The live table (`pub_*`, what every kiosk call reads). */
  live: keyof Database & string;
  /** The item's id column, the change log's `item_id`. */
  key: string;
  /**
   * How a draft row belongs to its development: its own `devid` column, its zone's, or its
   * element's zone's. Live rows all carry `devid`.
   */
  owner: 'development' | 'zone' | 'element';
  /** The columns compared between draft and live, and logged (devid aside, which every row has). */
  columns: readonly string[];
  /**
   * Where the item is, for a one-zone publish or discard and the change lists: the row's `zoneid`,
   * its element's zone, or no zone (only whole publishes take it).
   */
  zoneOf: 'zoneid' | 'element' | null;
  /**
   * Values of columns added since a row could be logged, as their migration gave the rows of that
   * time: an element logged before migration 009 was French (decision 021), an image logged
   * before 028 had no text alternative (decision 050). Without it, a rollback across them would
   * see every such item as changed.
   */
  loggedDefaults?: Row;
  /**
   * Whether the draft row has an editor's version (the back-office's 409 on a stale form): a
   * discard gives every item it writes a new one.
   */
  versioned: boolean;
  /**
   * The draft values that move a unique key out of the way before a discard writes the restored
   * values back (a zone's name, a sub-group's order within its element, a template's name): a
   * restore may swap two of them.
   */
  unique?: (id: number) => Row;
}

/** Parents before children: the order of inserts (a discard deletes in the reverse order). */
export const KINDS: readonly KindTable[] = [
  {
    kind: 'zone',
    draft: 'zones',
    live: 'pub_zones',
    key: 'zoneid',
    owner: 'development',
    columns: ['zoneid', 'zonename', 'type', 'checklist'],
    zoneOf: 'zoneid',
    versioned: true,
    unique: (id) => ({ zonename: `\u0001${id}` }),
  },
  {
    kind: 'element',
    draft: 'elements',
    live: 'pub_elements',
    key: 'elementid',
    owner: 'zone',
    columns: ['elementid', 'zoneid', 'order', 'value', 'type', 'addingdate', 'lang', 'alt'],
    zoneOf: 'zoneid',
    loggedDefaults: { lang: 'fr', alt: '' },
    versioned: true,
  },
  {
    kind: 'subgroup',
    draft: 'subgroups',
    live: 'pub_subgroups',
    key: 'subgroupid',
    owner: 'element',
    columns: ['subgroupid', 'elementid', 'modelid', 'order', 'addingdate', 'expirationdate'],
    zoneOf: 'element',
    versioned: true,
    unique: (id) => ({ order: -id }),
  },
  {
    kind: 'subelement',
    draft: 'subelements',
    live: 'pub_subelements',
    key: 'subelementid',
    owner: 'element',
    columns: [
      'subelementid',
      'elementid',
      'order',
      'value',
      'type',
      'subgroupid',
      'fieldlabel',
      'alt',
    ],
    zoneOf: 'element',
    loggedDefaults: { alt: '' },
    versioned: true,
  },
  {
    // Emergency alerts, decision 012.
    kind: 'alert_template',
    draft: 'alert_templates',
    live: 'pub_alert_templates',
    key: 'templateid',
    owner: 'development',
    columns: [
      'templateid',
      'name',
      'kind',
      'title_fr',
      'title_en',
      'instructions_fr',
      'instructions_en',
      'pictogram',
      'colour',
      'image',
      'end_text_fr',
      'end_text_en',
      'max_duration_minutes',
    ],
    zoneOf: null,
    versioned: true,
    unique: (id) => ({ name: `\u0001${id}` }),
  },
  {
    // Published settings, decision 017: one row per development, compared as stored JSON texts.
    kind: 'setting',
    draft: 'development_settings',
    live: 'pub_development_settings',
    key: 'settingid',
    owner: 'development',
    columns: ['settingid', 'settings'],
    zoneOf: null,
    versioned: false,
  },
];

export const KIND: Record<ChangeKind, KindTable> = Object.fromEntries(
  KINDS.map((table) => [table.kind, table]),
) as Record<ChangeKind, KindTable>;

export interface KindCounts {
  added: number;
  changed: number;
  removed: number;
}
export type RevisionCounts = Record<ChangeKind, KindCounts>;

export type AuthorKind = 'user' | 'cli' | 'api' | 'system';
export interface RevisionAuthor {
  kind: AuthorKind;
  name: string | null;
  userid: number | null;
}

export type RevisionSource =
  'publish' | 'schedule' | 'seed' | 'creation' | 'migration' | 'rollback';

/** A development's live content (or a revision's, rebuilt): rows as logged, by kind, by id. */
export type LiveContent = Record<ChangeKind, Row[]>;

/**
 * One item that differs between two contents (the draft and live, or live and a revision's): the
 * row before (absent when the item comes) and after (absent when it goes), both with `devid`.
 */
export interface PendingChange {
  kind: ChangeKind;
  id: number;
  before?: Row;
  after?: Row;
}

/** A logged change of one item; `before`/`after` are live rows without their devid. */
export interface ContentChange {
  revision: number;
  kind: ChangeKind;
  itemId: number;
  before: Row | null;
  after: Row | null;
}

/** Where a change is: its zone's id and name, when it is in one. */
export interface Placed {
  zoneid: number | null;
  zonename: string | null;
}

/** Rows per statement: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export const emptyCounts = (): RevisionCounts =>
  Object.fromEntries(
    CHANGE_KINDS.map((kind) => [kind, { added: 0, changed: 0, removed: 0 }]),
  ) as RevisionCounts;

export const totalChanges = (counts: RevisionCounts): number =>
  CHANGE_KINDS.reduce(
    (sum, kind) => sum + counts[kind].added + counts[kind].changed + counts[kind].removed,
    0,
  );

/** The counts of a list of changes. */
export function countsOf(changes: readonly PendingChange[]): RevisionCounts {
  const counts = emptyCounts();
  for (const change of changes) {
    const tally = counts[change.kind];
    if (change.before && change.after) tally.changed++;
    else if (change.after) tally.added++;
    else tally.removed++;
  }
  return counts;
}

/** The row as logged: everything but the development, which the log row carries. */
export function logged(row: Row): Row {
  const { devid: _devid, ...rest } = row;
  return rest;
}

/** A logged row with the columns added since it was logged (see KindTable.loggedDefaults). */
export function withDefaults(kind: string, row: Row): Row {
  const defaults = KIND[kind as ChangeKind]?.loggedDefaults;
  if (!defaults) return row;
  const missing = Object.entries(defaults).filter(([column]) => row[column] === undefined);
  return missing.length === 0 ? row : { ...row, ...Object.fromEntries(missing) };
}

/**
 * The items a publish writes (added or changed) as `kind:id` — and the sub-group of a field it
 * removes: what its checks look at.
 */
export function touched(changes: readonly PendingChange[]): Set<string> {
  const keys = new Set<string>();
  for (const change of changes) {
    if (change.after) keys.add(`${change.kind}:${change.id}`);
    const subgroupid = change.before?.subgroupid;
    if (change.kind === 'subelement' && !change.after && subgroupid != null)
      keys.add(`subgroup:${subgroupid as number}`);
  }
  return keys;
}

/** The development's row, locked until commit (see live-apply.ts's header). */
export async function lockDevelopment(
  trx: Transaction<Database>,
  devid: number,
): Promise<{ content_version: number; draft_version: number } | undefined> {
  let lock = trx
    .selectFrom('developments')
    .select(['content_version', 'draft_version'])
    .where('devid', '=', devid);
  // SQLite runs one write transaction at a time already, and has no FOR UPDATE.
  if (isPostgres(trx)) lock = lock.forUpdate();
  return lock.executeTakeFirst();
}

/** Whether the store is PostgreSQL (FOR UPDATE; SQLite's single writer needs no row lock). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `work` in the caller's transaction when `db` is one (a rollback reads and writes under its
 * lock; the seed publishes what it writes), else in a new one, at `isolation` when given: the
 * reads that must see one state — a publish committing in between would mix two.
 */
export function inTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  isolation?: 'repeatable read',
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  const builder = db.transaction();
  return (isolation ? builder.setIsolationLevel(isolation) : builder).execute(work);
}
