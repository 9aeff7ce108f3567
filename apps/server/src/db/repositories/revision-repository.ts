/**
 * Publishing as a gate (decision 008): the draft (the editing tables) reaches the live content
 * (`pub_*`, what every kiosk call reads) only through `publishDraft`, which, in one transaction:
 *
 * 1. locks the development's row — the same lock every draft edit takes first (bumpDraftVersion),
 *    so a publish waits for edits in flight, reads a draft no edit is half-way through, and two
 *    publishes of one development run one after the other (the second finds what the first left);
 * 2. diffs draft against live per kind of item in SQL (`EXCEPT` both ways: only the differing
 *    rows leave the database, which matters on a plant of 100k items);
 * 3. applies only the differences to live, logs each one (`content_changes`: the row before and
 *    after) and records revision N+1 with its author, note and counts; `content_version` becomes N+1.
 *
 * A publish that finds no difference creates no revision (the first one of a development always
 * does: its revision 1). Any revision K can be rebuilt from live by undoing the changes of
 * K+1…latest; the delta N → M is the "after" rows of N+1…M.
 */
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type {
  ContentRevisionRow,
  Database,
  LiveElementRow,
  LiveSubelementRow,
  LiveSubgroupRow,
  LiveZoneRow,
} from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const CHANGE_KINDS = ['zone', 'element', 'subgroup', 'subelement'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

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

export type RevisionSource = 'publish' | 'seed' | 'creation' | 'migration';

export interface PublishDraftInput {
  author: RevisionAuthor;
  source: RevisionSource;
  note?: string | null;
  now: Date;
}

export interface PublishOutcome {
  /** The revision the kiosks now get: the new one, or the current one when nothing changed. */
  revision: number;
  /** Whether this publish created that revision. */
  created: boolean;
  counts: RevisionCounts;
}

/** A logged change of one item; `before`/`after` are live rows without their devid. */
export interface ContentChange {
  revision: number;
  kind: ChangeKind;
  itemId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface Revision {
  devid: number;
  revision: number;
  createdAt: string;
  author: RevisionAuthor;
  note: string | null;
  source: string;
  counts: RevisionCounts;
}

type LiveRow = LiveZoneRow | LiveElementRow | LiveSubgroupRow | LiveSubelementRow;

/** One item that differs between draft and live. */
interface PendingChange {
  kind: ChangeKind;
  id: number;
  before?: LiveRow;
  after?: LiveRow;
}

/** A development's live content (or a revision's, rebuilt): rows as logged, by kind, by id. */
export type LiveContent = Record<ChangeKind, Array<Record<string, unknown>>>;

const ID_COLUMNS: Record<ChangeKind, string> = {
  zone: 'zoneid',
  element: 'elementid',
  subgroup: 'subgroupid',
  subelement: 'subelementid',
};

/** Rows per INSERT: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

const emptyCounts = (): RevisionCounts => ({
  zone: { added: 0, changed: 0, removed: 0 },
  element: { added: 0, changed: 0, removed: 0 },
  subgroup: { added: 0, changed: 0, removed: 0 },
  subelement: { added: 0, changed: 0, removed: 0 },
});

export const totalChanges = (counts: RevisionCounts): number =>
  CHANGE_KINDS.reduce(
    (sum, kind) => sum + counts[kind].added + counts[kind].changed + counts[kind].removed,
    0,
  );

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** The row as logged: everything but the development, which the log row carries. */
function logged(row: LiveRow): Record<string, unknown> {
  const { devid: _devid, ...rest } = row;
  return rest;
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

export class RevisionRepository {
  constructor(private readonly db: Db) {}

  private get isPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Publishes the development's draft (see the header). Undefined when the development does not
   * exist. Joins the caller's transaction when given one (the seed publishes what it writes).
   */
  async publishDraft(devid: number, input: PublishDraftInput): Promise<PublishOutcome | undefined> {
    const work = (trx: Transaction<Database>) => this.publishIn(trx, devid, input);
    return this.db.isTransaction
      ? work(this.db as Transaction<Database>)
      : this.db.transaction().execute(work);
  }

  private async publishIn(
    trx: Transaction<Database>,
    devid: number,
    input: PublishDraftInput,
  ): Promise<PublishOutcome | undefined> {
    // The lock first (see the header). SQLite runs one write transaction at a time already, and
    // has no FOR UPDATE.
    let lock = trx.selectFrom('developments').select('content_version').where('devid', '=', devid);
    if (this.isPostgres) lock = lock.forUpdate();
    const development = await lock.executeTakeFirst();
    if (!development) return undefined;

    const { changes, counts } = await this.diff(trx, devid);
    const current = development.content_version;
    if (changes.length === 0 && current > 0) return { revision: current, created: false, counts };
    const revision = current + 1;

    await this.applyToLive(trx, devid, changes);
    for (const batch of chunks(changes)) {
      await trx
        .insertInto('content_changes')
        .values(
          batch.map((change) => ({
            devid,
            revision,
            kind: change.kind,
            item_id: change.id,
            before: change.before ? JSON.stringify(logged(change.before)) : null,
            after: change.after ? JSON.stringify(logged(change.after)) : null,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('content_revisions')
      .values({
        devid,
        revision,
        created_at: input.now.toISOString(),
        author_kind: input.author.kind,
        author_name: input.author.name,
        userid: input.author.userid,
        note: input.note ?? null,
        source: input.source,
        summary: JSON.stringify(counts),
      })
      .execute();
    await trx
      .updateTable('developments')
      .set({ content_version: revision })
      .where('devid', '=', devid)
      .execute();
    return { revision, created: true, counts };
  }

  /**
   * What differs between the draft and the live content of a development, per item: the live row
   * before (absent when the draft adds the item) and the draft's row after (absent when it removes
   * it).
   */
  private async diff(
    trx: Transaction<Database>,
    devid: number,
  ): Promise<{ changes: PendingChange[]; counts: RevisionCounts }> {
    const counts = emptyCounts();
    const changes: PendingChange[] = [];
    const collect = (
      kind: ChangeKind,
      id: (row: LiveRow) => number,
      after: LiveRow[],
      before: LiveRow[],
    ) => {
      const byId = new Map<number, { before?: LiveRow; after?: LiveRow }>();
      for (const row of before) byId.set(id(row), { before: row });
      for (const row of after) byId.set(id(row), { ...byId.get(id(row)), after: row });
      for (const [itemId, change] of byId) {
        const tally = counts[kind];
        if (change.before && change.after) tally.changed++;
        else if (change.after) tally.added++;
        else tally.removed++;
        changes.push({ kind, id: itemId, ...change });
      }
    };

    // zones
    {
      const draft = trx
        .selectFrom('zones')
        .select(['devid', 'zoneid', 'zonename', 'type', 'checklist'])
        .where('devid', '=', devid);
      const live = trx
        .selectFrom('pub_zones')
        .select(['devid', 'zoneid', 'zonename', 'type', 'checklist'])
        .where('devid', '=', devid);
      const after = await draft.except(live).execute();
      const before = await live.except(draft).execute();
      collect('zone', (row) => (row as LiveZoneRow).zoneid, after, before);
    }
    // elements
    {
      const draft = trx
        .selectFrom('elements')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select([
          'zones.devid',
          'elements.elementid',
          'elements.zoneid',
          'elements.order',
          'elements.value',
          'elements.type',
          'elements.addingdate',
        ])
        .where('zones.devid', '=', devid);
      const live = trx
        .selectFrom('pub_elements')
        .select(['devid', 'elementid', 'zoneid', 'order', 'value', 'type', 'addingdate'])
        .where('devid', '=', devid);
      const after = await draft.except(live).execute();
      const before = await live.except(draft).execute();
      collect('element', (row) => (row as LiveElementRow).elementid, after, before);
    }
    // sub-groups
    {
      const draft = trx
        .selectFrom('subgroups')
        .innerJoin('elements', 'elements.elementid', 'subgroups.elementid')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select([
          'zones.devid',
          'subgroups.subgroupid',
          'subgroups.elementid',
          'subgroups.modelid',
          'subgroups.order',
          'subgroups.addingdate',
          'subgroups.expirationdate',
        ])
        .where('zones.devid', '=', devid);
      const live = trx
        .selectFrom('pub_subgroups')
        .select([
          'devid',
          'subgroupid',
          'elementid',
          'modelid',
          'order',
          'addingdate',
          'expirationdate',
        ])
        .where('devid', '=', devid);
      const after = await draft.except(live).execute();
      const before = await live.except(draft).execute();
      collect('subgroup', (row) => (row as LiveSubgroupRow).subgroupid, after, before);
    }
    // sub-elements
    {
      const draft = trx
        .selectFrom('subelements')
        .innerJoin('elements', 'elements.elementid', 'subelements.elementid')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select([
          'zones.devid',
          'subelements.subelementid',
          'subelements.elementid',
          'subelements.order',
          'subelements.value',
          'subelements.type',
          'subelements.subgroupid',
          'subelements.fieldlabel',
        ])
        .where('zones.devid', '=', devid);
      const live = trx
        .selectFrom('pub_subelements')
        .select([
          'devid',
          'subelementid',
          'elementid',
          'order',
          'value',
          'type',
          'subgroupid',
          'fieldlabel',
        ])
        .where('devid', '=', devid);
      const after = await draft.except(live).execute();
      const before = await live.except(draft).execute();
      collect('subelement', (row) => (row as LiveSubelementRow).subelementid, after, before);
    }

    return { changes, counts };
  }

  /** Deletes what changed or went, inserts what changed or came: live equals the draft after. */
  private async applyToLive(
    trx: Transaction<Database>,
    devid: number,
    changes: readonly PendingChange[],
  ): Promise<void> {
    const of = (kind: ChangeKind) => changes.filter((change) => change.kind === kind);
    const gone = (kind: ChangeKind) =>
      of(kind)
        .filter((change) => change.before)
        .map((change) => change.id);
    const come = <T extends LiveRow>(kind: ChangeKind) =>
      of(kind).flatMap((change) => (change.after ? [change.after as T] : []));

    for (const ids of chunks(gone('zone'))) {
      await trx
        .deleteFrom('pub_zones')
        .where('devid', '=', devid)
        .where('zoneid', 'in', ids)
        .execute();
    }
    for (const ids of chunks(gone('element'))) {
      await trx
        .deleteFrom('pub_elements')
        .where('devid', '=', devid)
        .where('elementid', 'in', ids)
        .execute();
    }
    for (const ids of chunks(gone('subgroup'))) {
      await trx
        .deleteFrom('pub_subgroups')
        .where('devid', '=', devid)
        .where('subgroupid', 'in', ids)
        .execute();
    }
    for (const ids of chunks(gone('subelement'))) {
      await trx
        .deleteFrom('pub_subelements')
        .where('devid', '=', devid)
        .where('subelementid', 'in', ids)
        .execute();
    }
    for (const rows of chunks(come<LiveZoneRow>('zone'))) {
      await trx.insertInto('pub_zones').values(rows).execute();
    }
    for (const rows of chunks(come<LiveElementRow>('element'))) {
      await trx.insertInto('pub_elements').values(rows).execute();
    }
    for (const rows of chunks(come<LiveSubgroupRow>('subgroup'))) {
      await trx.insertInto('pub_subgroups').values(rows).execute();
    }
    for (const rows of chunks(come<LiveSubelementRow>('subelement'))) {
      await trx.insertInto('pub_subelements').values(rows).execute();
    }
  }

  // ---------- reads ----------

  /**
   * What a publish would change now: the draft's differences with the live content (not applied),
   * with the revision they would follow. Undefined when the development does not exist.
   */
  async draftChanges(
    devid: number,
  ): Promise<{ revision: number; counts: RevisionCounts; changes: ContentChange[] } | undefined> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const development = await trx
          .selectFrom('developments')
          .select('content_version')
          .where('devid', '=', devid)
          .executeTakeFirst();
        if (!development) return undefined;
        const { changes, counts } = await this.diff(trx, devid);
        return {
          revision: development.content_version,
          counts,
          changes: changes.map((change) => ({
            revision: development.content_version + 1,
            kind: change.kind,
            itemId: change.id,
            before: change.before ? logged(change.before) : null,
            after: change.after ? logged(change.after) : null,
          })),
        };
      });
  }

  /**
   * The live content of a development: every row of each kind, as logged (without devid), sorted
   * by id.
   */
  async liveContent(devid: number, db: Db = this.db): Promise<LiveContent> {
    const strip = <T extends { devid: number }>(rows: T[]) =>
      rows.map((row) => logged(row as unknown as LiveRow));
    return {
      zone: strip(
        await db
          .selectFrom('pub_zones')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('zoneid')
          .execute(),
      ),
      element: strip(
        await db
          .selectFrom('pub_elements')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('elementid')
          .execute(),
      ),
      subgroup: strip(
        await db
          .selectFrom('pub_subgroups')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('subgroupid')
          .execute(),
      ),
      subelement: strip(
        await db
          .selectFrom('pub_subelements')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('subelementid')
          .execute(),
      ),
    };
  }

  /**
   * The content that was live when `revision` was published, rebuilt from today's live content by
   * undoing, newest first, what every later revision changed (each logged change carries the row
   * before it). Undefined for a revision that does not exist, or one older than a base revision
   * (migration 004's, which logged no changes).
   */
  async contentAt(devid: number, revision: number): Promise<LiveContent | undefined> {
    // One consistent view: a publish committing in between would mix two states.
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const development = await trx
          .selectFrom('developments')
          .select('content_version')
          .where('devid', '=', devid)
          .executeTakeFirst();
        if (!development) return undefined;
        const known = await trx
          .selectFrom('content_revisions')
          .select('revision')
          .where('devid', '=', devid)
          .where('revision', '=', revision)
          .executeTakeFirst();
        const base = await trx
          .selectFrom('content_revisions')
          .select((eb) => eb.fn.max('revision').as('base'))
          .where('devid', '=', devid)
          .where('source', '=', 'migration')
          .executeTakeFirst();
        if (!known || revision < Number(base?.base ?? 0)) return undefined;
        const content = await this.liveContent(devid, trx);
        const later = await new RevisionRepository(trx).changes(
          devid,
          revision + 1,
          development.content_version,
        );
        const byKind = new Map(
          CHANGE_KINDS.map((kind) => {
            const idKey = ID_COLUMNS[kind];
            return [kind, new Map(content[kind].map((row) => [row[idKey] as number, row]))];
          }),
        );
        for (const change of later.reverse()) {
          const rows = byKind.get(change.kind)!;
          if (change.before) rows.set(change.itemId, change.before);
          else rows.delete(change.itemId);
        }
        const sorted = (kind: ChangeKind) =>
          [...byKind.get(kind)!.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
        return {
          zone: sorted('zone'),
          element: sorted('element'),
          subgroup: sorted('subgroup'),
          subelement: sorted('subelement'),
        };
      });
  }

  /** The development's revisions, newest first (older than `before` when given). */
  async list(devid: number, limit = 50, before?: number): Promise<Revision[]> {
    let query = this.db.selectFrom('content_revisions').selectAll().where('devid', '=', devid);
    if (before !== undefined) query = query.where('revision', '<', before);
    const rows = await query.orderBy('revision', 'desc').limit(limit).execute();
    return rows.map(toRevision);
  }

  async find(devid: number, revision: number): Promise<Revision | undefined> {
    const row = await this.db
      .selectFrom('content_revisions')
      .selectAll()
      .where('devid', '=', devid)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return row && toRevision(row);
  }

  /** What the revisions after `from` up to `to` (both included) changed, oldest first. */
  async changes(devid: number, from: number, to: number): Promise<ContentChange[]> {
    const rows = await this.db
      .selectFrom('content_changes')
      .selectAll()
      .where('devid', '=', devid)
      .where('revision', '>=', from)
      .where('revision', '<=', to)
      .orderBy('revision')
      .orderBy('changeid')
      .execute();
    const parse = (json: string | null) =>
      json === null ? null : (JSON.parse(json) as Record<string, unknown>);
    return rows.map((row) => ({
      revision: row.revision,
      kind: row.kind as ChangeKind,
      itemId: row.item_id,
      before: parse(row.before),
      after: parse(row.after),
    }));
  }
}
