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
  /** Publish only this zone's changes (its row, elements, sub-groups, sub-elements). */
  zoneid?: number;
}

export interface DiscardOutcome {
  /** The published revision the draft was returned to. */
  revision: number;
  /** What was undone (all zero when there was nothing to undo: nothing was written). */
  counts: RevisionCounts;
}

/** Who last touched an unpublished item, from the audit log. */
export interface LastEdit {
  username: string | null;
  at: string;
}

/** A change of the draft (not yet published), with where it is and who made it. */
export interface DraftChange extends ContentChange {
  zoneid: number | null;
  zonename: string | null;
  lastEdit: LastEdit | null;
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

    const { changes, counts } = await this.scopedDiff(trx, devid, input.zoneid);
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

  /** The diff, restricted to one zone's items when `zoneid` is given, with its counts. */
  private async scopedDiff(
    trx: Transaction<Database>,
    devid: number,
    zoneid: number | undefined,
  ): Promise<{ changes: PendingChange[]; counts: RevisionCounts }> {
    const all = await this.diff(trx, devid);
    if (zoneid === undefined) return all;
    const zones = await this.zonesOf(trx, all.changes);
    const changes = all.changes.filter((_, index) => zones[index]!.has(zoneid));
    const counts = emptyCounts();
    for (const change of changes) {
      const tally = counts[change.kind];
      if (change.before && change.after) tally.changed++;
      else if (change.after) tally.added++;
      else tally.removed++;
    }
    return { changes, counts };
  }

  /**
   * The zones each change touches: the zone of the row before (as live had it) and after (as the
   * draft has it). The editor never moves an item to another zone, so that is one zone — two only
   * if it ever did, and then a zone's publish or discard takes the move whole.
   */
  private async zonesOf(
    db: Db,
    changes: ReadonlyArray<{
      kind: ChangeKind;
      before?: Record<string, unknown> | null;
      after?: Record<string, unknown> | null;
    }>,
  ): Promise<Array<Set<number>>> {
    const elementids = new Set<number>();
    for (const change of changes) {
      if (change.kind === 'subgroup' || change.kind === 'subelement') {
        for (const row of [change.before, change.after]) {
          if (row) elementids.add(row.elementid as number);
        }
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
      const zones = new Set<number>();
      const add = (zoneid: number | undefined) => {
        if (zoneid !== undefined) zones.add(zoneid);
      };
      const sides: Array<[Record<string, unknown> | null | undefined, 'before' | 'after']> = [
        [change.before, 'before'],
        [change.after, 'after'],
      ];
      for (const [row, side] of sides) {
        if (!row) continue;
        if (change.kind === 'zone') add(row.zoneid as number);
        else if (change.kind === 'element') add(row.zoneid as number);
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

  /**
   * Returns the draft of a development — or of one of its zones — to the published revision, in
   * one transaction: what the draft added is deleted, what it changed gets the live values back,
   * what it removed comes back with its ids. The development's row lock comes first, as for an
   * edit or a publish: a discard and an edit of the same development run one after the other,
   * so either the edit lands on the restored draft or the discard undoes the whole edit.
   *
   * Every item written gets a new version (a form still open on it gets the editor's 409 instead
   * of silently writing over the restored values): the version + 1 of a changed item; for an item
   * brought back, the development's new draft_version, which every edit since migration 004 has
   * bumped, so it is above any version the item had before it was deleted. The sub-group whose
   * fields (sub-elements) were restored is bumped too: its form carries those fields.
   *
   * Undefined when the development does not exist. Nothing to undo: nothing is written.
   */
  async discardDraft(devid: number, zoneid?: number): Promise<DiscardOutcome | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let lock = trx
        .selectFrom('developments')
        .select(['content_version', 'draft_version'])
        .where('devid', '=', devid);
      if (this.isPostgres) lock = lock.forUpdate();
      const development = await lock.executeTakeFirst();
      if (!development) return undefined;
      const { changes, counts } = await this.scopedDiff(trx, devid, zoneid);
      const revision = development.content_version;
      if (changes.length === 0) return { revision, counts };

      const draftVersion = development.draft_version + 1;
      await trx
        .updateTable('developments')
        .set({ draft_version: draftVersion })
        .where('devid', '=', devid)
        .execute();

      const of = (kind: ChangeKind) => changes.filter((change) => change.kind === kind);
      const added = (kind: ChangeKind) =>
        of(kind)
          .filter((change) => !change.before)
          .map((change) => change.id);
      const changed = <T extends LiveRow>(kind: ChangeKind) =>
        of(kind).flatMap((change) => (change.before && change.after ? [change.before as T] : []));
      const removed = <T extends LiveRow>(kind: ChangeKind) =>
        of(kind).flatMap((change) => (change.before && !change.after ? [change.before as T] : []));

      // 1. What the draft added goes (children first; the cascades would take them anyway).
      for (const ids of chunks(added('subelement')))
        await trx.deleteFrom('subelements').where('subelementid', 'in', ids).execute();
      for (const ids of chunks(added('subgroup')))
        await trx.deleteFrom('subgroups').where('subgroupid', 'in', ids).execute();
      for (const ids of chunks(added('element')))
        await trx.deleteFrom('elements').where('elementid', 'in', ids).execute();
      for (const ids of chunks(added('zone')))
        await trx.deleteFrom('zones').where('zoneid', 'in', ids).execute();

      // 2. Unique keys the restored values may swap (a zone's name; a sub-group's order within its
      //    element) are moved out of the way first.
      const changedZones = changed<LiveZoneRow>('zone');
      for (const zone of changedZones)
        await trx
          .updateTable('zones')
          .set({ zonename: `\u0001${zone.zoneid}` })
          .where('zoneid', '=', zone.zoneid)
          .execute();
      const changedSubgroups = changed<LiveSubgroupRow>('subgroup');
      for (const ids of chunks(changedSubgroups.map((row) => row.subgroupid)))
        await trx
          .updateTable('subgroups')
          .set((eb) => ({ order: eb.neg(eb.ref('subgroupid')) }))
          .where('subgroupid', 'in', ids)
          .execute();

      // 3. What the draft removed comes back, parents first.
      for (const rows of chunks(removed<LiveZoneRow>('zone')))
        await trx
          .insertInto('zones')
          .values(rows.map((row) => ({ ...row, version: draftVersion })))
          .execute();
      for (const rows of chunks(removed<LiveElementRow>('element')))
        await trx
          .insertInto('elements')
          .values(rows.map(({ devid: _devid, ...row }) => ({ ...row, version: draftVersion })))
          .execute();
      for (const rows of chunks(removed<LiveSubgroupRow>('subgroup')))
        await trx
          .insertInto('subgroups')
          .values(rows.map(({ devid: _devid, ...row }) => ({ ...row, version: draftVersion })))
          .execute();
      for (const rows of chunks(removed<LiveSubelementRow>('subelement')))
        await trx
          .insertInto('subelements')
          .values(rows.map(({ devid: _devid, ...row }) => ({ ...row, version: draftVersion })))
          .execute();

      // 4. What the draft changed gets the live values back, and a new version.
      for (const { zoneid: id, devid: _devid, ...row } of changedZones)
        await trx
          .updateTable('zones')
          .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
          .where('zoneid', '=', id)
          .execute();
      for (const { elementid: id, devid: _devid, ...row } of changed<LiveElementRow>('element'))
        await trx
          .updateTable('elements')
          .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
          .where('elementid', '=', id)
          .execute();
      for (const { subgroupid: id, devid: _devid, ...row } of changedSubgroups)
        await trx
          .updateTable('subgroups')
          .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
          .where('subgroupid', '=', id)
          .execute();
      for (const { subelementid: id, devid: _devid, ...row } of changed<LiveSubelementRow>(
        'subelement',
      ))
        await trx
          .updateTable('subelements')
          .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
          .where('subelementid', '=', id)
          .execute();

      // 5. A sub-group whose fields were restored: its form is stale too.
      const fieldGroups = new Set<number>();
      for (const change of of('subelement')) {
        for (const row of [change.before, change.after] as Array<LiveSubelementRow | undefined>)
          if (row?.subgroupid != null) fieldGroups.add(row.subgroupid);
      }
      for (const ids of chunks([...fieldGroups]))
        await trx
          .updateTable('subgroups')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('subgroupid', 'in', ids)
          .execute();

      return { revision, counts };
    });
  }

  /**
   * Who last touched each unpublished item and when, from the audit log: the newest entry that
   * names the item itself, the list it was reordered in, or the parent whose write carried it (a
   * sub-group's fields, an element deleted with its children, a zone deleted with its elements).
   */
  private async lastEdits(
    db: Db,
    devid: number,
    changes: ReadonlyArray<ContentChange & { zoneid: number | null }>,
  ): Promise<Array<LastEdit | null>> {
    type Candidate = { type: string; id: number; actions: readonly string[] };
    const own = (kind: ChangeKind) =>
      [`${kind}.create`, `${kind}.update`, `${kind}.delete`] as const;
    const candidates = changes.map((change): Candidate[] => {
      const row = change.after ?? change.before ?? {};
      const list: Candidate[] = [
        { type: change.kind, id: change.itemId, actions: own(change.kind) },
      ];
      const zone = (actions: readonly string[]) => {
        if (change.zoneid !== null) list.push({ type: 'zone', id: change.zoneid, actions });
      };
      if (change.kind === 'element') zone(['elements.reorder', 'zone.delete']);
      if (change.kind === 'subgroup' || change.kind === 'subelement') {
        const elementid = row.elementid as number;
        list.push({
          type: 'element',
          id: elementid,
          actions: [`${change.kind}s.reorder`, 'element.delete'],
        });
        zone(['zone.delete']);
      }
      if (change.kind === 'subelement' && row.subgroupid != null) {
        list.push({ type: 'subgroup', id: row.subgroupid as number, actions: own('subgroup') });
      }
      return list;
    });

    const wanted = new Map<string, Set<number>>();
    for (const list of candidates)
      for (const candidate of list) {
        if (!wanted.has(candidate.type)) wanted.set(candidate.type, new Set());
        wanted.get(candidate.type)!.add(candidate.id);
      }
    // Newest entry per (target, action): one grouped read per kind of target.
    const newest = new Map<string, number>();
    for (const [type, idSet] of wanted) {
      for (const ids of chunks([...idSet])) {
        const rows = await db
          .selectFrom('audit_log')
          .select(['target_id', 'action', (eb) => eb.fn.max('auditid').as('auditid')])
          .where('devid', '=', devid)
          .where('target_type', '=', type)
          .where('target_id', 'in', ids)
          .groupBy(['target_id', 'action'])
          .execute();
        for (const row of rows)
          newest.set(`${type}:${row.target_id}:${row.action}`, Number(row.auditid));
      }
    }
    const best = candidates.map((list) => {
      let found: number | undefined;
      for (const candidate of list)
        for (const action of candidate.actions) {
          const auditid = newest.get(`${candidate.type}:${candidate.id}:${action}`);
          if (auditid !== undefined && (found === undefined || auditid > found)) found = auditid;
        }
      return found;
    });
    const entries = new Map<number, LastEdit>();
    const auditids = [...new Set(best.filter((id): id is number => id !== undefined))];
    for (const ids of chunks(auditids)) {
      for (const row of await db
        .selectFrom('audit_log')
        .select(['auditid', 'username', 'at'])
        .where('auditid', 'in', ids)
        .execute())
        entries.set(row.auditid, { username: row.username, at: row.at });
    }
    return best.map((auditid) => (auditid === undefined ? null : (entries.get(auditid) ?? null)));
  }

  /** Each change's zone (the one it is or was in) and that zone's name, when still known. */
  async locate<T extends ContentChange>(
    changes: readonly T[],
    db: Db = this.db,
  ): Promise<Array<T & { zoneid: number | null; zonename: string | null }>> {
    const zones = await this.zonesOf(db, changes);
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

  // ---------- reads ----------

  /**
   * What a publish would change now: the draft's differences with the live content (not applied),
   * with the revision they would follow. Undefined when the development does not exist.
   */
  async draftChanges(
    devid: number,
  ): Promise<{ revision: number; counts: RevisionCounts; changes: DraftChange[] } | undefined> {
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
        const located = await this.locate(
          changes.map((change): ContentChange => ({
            revision: development.content_version + 1,
            kind: change.kind,
            itemId: change.id,
            before: change.before ? logged(change.before) : null,
            after: change.after ? logged(change.after) : null,
          })),
          trx,
        );
        const edits = await this.lastEdits(trx, devid, located);
        return {
          revision: development.content_version,
          counts,
          changes: located.map((change, index) => ({ ...change, lastEdit: edits[index]! })),
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

  /** Whether the zone is one of the development's, in the draft or in the live content. */
  async zoneBelongs(devid: number, zoneid: number): Promise<boolean> {
    const draft = await this.db
      .selectFrom('zones')
      .select('zoneid')
      .where('zoneid', '=', zoneid)
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (draft) return true;
    const live = await this.db
      .selectFrom('pub_zones')
      .select('zoneid')
      .where('zoneid', '=', zoneid)
      .where('devid', '=', devid)
      .executeTakeFirst();
    return live !== undefined;
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
