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
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type {
  ContentRevisionRow,
  Database,
  LiveAlertTemplateRow,
  LiveElementRow,
  LiveSubelementRow,
  LiveSubgroupRow,
  LiveZoneRow,
  SettingsRow,
} from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

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

export type RevisionSource = 'publish' | 'seed' | 'creation' | 'migration' | 'rollback';

export interface PublishDraftInput {
  author: RevisionAuthor;
  source: RevisionSource;
  note?: string | null;
  now: Date;
  /** Publish only this zone's changes (its row, elements, sub-groups, sub-elements). */
  zoneid?: number;
  /**
   * Runs under the development's lock before anything is written (the publish checks, rollback and
   * publish checks): throwing refuses the publish, and the transaction writes nothing.
   */
  verify?: (trx: Transaction<Database>, touched: ReadonlySet<string>) => Promise<void>;
}

export interface RollbackInput {
  author: RevisionAuthor;
  now: Date;
  note?: string | null;
  /** As for a publish: sees the content about to go live (revision K's), may refuse it. */
  verify?: (
    trx: Transaction<Database>,
    content: LiveContent,
    touched: ReadonlySet<string>,
  ) => Promise<void>;
}

/**
 * A rollback's outcome: `created` (a new revision holding revision K's content), `unchanged`
 * (live already equals it: nothing written), `draft-changed` (the draft has unpublished changes:
 * nothing written), `unknown` (no such revision, or one older than a base revision).
 */
export type RollbackOutcome =
  | { status: 'created'; revision: number; counts: RevisionCounts }
  | { status: 'unchanged'; revision: number }
  | { status: 'draft-changed'; revision: number; counts: RevisionCounts }
  | { status: 'unknown' };

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

type LiveRow =
  | LiveZoneRow
  | LiveElementRow
  | LiveSubgroupRow
  | LiveSubelementRow
  | LiveAlertTemplateRow
  | SettingsRow;

/** The columns of an alert template, draft and live alike. */
const ALERT_TEMPLATE_COLUMNS = [
  'devid',
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
] as const;

/**
 * Thrown by a publish that would remove the template of the alert in force (the transaction rolls
 * back: nothing is published): the totems would lose the screen they show. The db layer knows no
 * HTTP: the API's error handler (plugins/errors.ts) answers it with a 409 and this message.
 */
export class ActiveAlertTemplateError extends Error {
  constructor(readonly templateName: string) {
    super(
      `Publication refusée : le modèle d’alerte « ${templateName} » est celui de l’alerte en cours. Terminez l’alerte avant de le supprimer.`,
    );
    this.name = 'ActiveAlertTemplateError';
  }
}

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
  alert_template: 'templateid',
  setting: 'settingid',
};

/** Rows per INSERT: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

export const emptyCounts = (): RevisionCounts => ({
  zone: { added: 0, changed: 0, removed: 0 },
  element: { added: 0, changed: 0, removed: 0 },
  subgroup: { added: 0, changed: 0, removed: 0 },
  subelement: { added: 0, changed: 0, removed: 0 },
  alert_template: { added: 0, changed: 0, removed: 0 },
  setting: { added: 0, changed: 0, removed: 0 },
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

/**
 * The items a publish writes (added or changed) as `kind:id` — and the sub-group of a field it
 * removes: what its checks look at.
 */
function touched(changes: readonly PendingChange[]): Set<string> {
  const keys = new Set<string>();
  for (const change of changes) {
    if (change.after) keys.add(`${change.kind}:${change.id}`);
    const field = change.before as Partial<LiveSubelementRow> | undefined;
    if (change.kind === 'subelement' && !change.after && field?.subgroupid != null)
      keys.add(`subgroup:${field.subgroupid}`);
  }
  return keys;
}

/**
 * A logged row with the columns added since it was logged, at the value their migration gave the
 * rows of that time: an element logged before migration 009 was French (decision 021). Without
 * it, a rollback across 009 would see every such element as changed.
 */
function withDefaults(kind: string, row: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'element' && row.lang === undefined) return { ...row, lang: 'fr' };
  return row;
}

/** Whether two logged rows hold the same values, whatever the order of their columns. */
function sameRow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
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
function diffContents(
  devid: number,
  from: LiveContent,
  to: LiveContent,
): { changes: PendingChange[]; counts: RevisionCounts } {
  const counts = emptyCounts();
  const changes: PendingChange[] = [];
  for (const kind of CHANGE_KINDS) {
    const idKey = ID_COLUMNS[kind];
    const withDevid = (row: Record<string, unknown>) => ({ ...row, devid }) as LiveRow;
    const before = new Map((from[kind] ?? []).map((row) => [row[idKey] as number, row]));
    const after = new Map((to[kind] ?? []).map((row) => [row[idKey] as number, row]));
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

/**
 * Where an item of either content is: its zone's id and name, looked up in the contents given
 * (the first that knows wins). Both contents are in memory, so an item only the revision had —
 * since removed from live and draft — still finds its zone.
 */
function zonePlaces(
  ...contents: LiveContent[]
): (
  kind: ChangeKind,
  id: number,
  row: Record<string, unknown>,
) => { zoneid: number | null; zonename: string | null } {
  const elementZone = new Map<number, number>();
  const zoneName = new Map<number, string>();
  for (const content of contents) {
    for (const row of content.element) {
      const elementid = row.elementid as number;
      if (!elementZone.has(elementid)) elementZone.set(elementid, row.zoneid as number);
    }
    for (const row of content.zone) {
      const zoneid = row.zoneid as number;
      if (!zoneName.has(zoneid)) zoneName.set(zoneid, row.zonename as string);
    }
  }
  return (kind, id, row) => {
    let zoneid: number | undefined;
    if (kind === 'zone') zoneid = id;
    else if (kind === 'element') zoneid = row.zoneid as number;
    else if (kind === 'subgroup' || kind === 'subelement')
      zoneid = elementZone.get(row.elementid as number);
    // Alert templates and settings are in no zone.
    return zoneid === undefined
      ? { zoneid: null, zonename: null }
      : { zoneid, zonename: zoneName.get(zoneid) ?? null };
  };
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

export class RevisionRepository {
  constructor(private readonly db: Db) {}

  private get isPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Runs `work` in the caller's transaction when this repository has one, else in a new one. */
  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.transactionFor().begin().execute(work);
  }

  /** Where to run work: the caller's transaction when this repository has one, else a new one. */
  private transactionFor(isolation?: 'repeatable read'): {
    begin: () => { execute: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T> };
  } {
    const db = this.db;
    return {
      begin: () => {
        if (db.isTransaction) {
          const trx = db as Transaction<Database>;
          return { execute: (work) => work(trx) };
        }
        const builder = db.transaction();
        return isolation ? builder.setIsolationLevel(isolation) : builder;
      },
    };
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
    await input.verify?.(trx, touched(changes));
    await this.refuseRemovingActiveAlertTemplate(trx, devid, changes);
    const current = development.content_version;
    if (changes.length === 0 && current > 0) return { revision: current, created: false, counts };
    const revision = current + 1;
    await this.writeRevision(trx, devid, revision, changes, counts, {
      author: input.author,
      now: input.now,
      note: input.note ?? null,
      source: input.source,
    });
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
          'elements.lang',
        ])
        .where('zones.devid', '=', devid);
      const live = trx
        .selectFrom('pub_elements')
        .select(['devid', 'elementid', 'zoneid', 'order', 'value', 'type', 'addingdate', 'lang'])
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
    // alert templates (emergency alerts, decision 012)
    {
      const draft = trx
        .selectFrom('alert_templates')
        .select(ALERT_TEMPLATE_COLUMNS)
        .where('devid', '=', devid);
      const live = trx
        .selectFrom('pub_alert_templates')
        .select(ALERT_TEMPLATE_COLUMNS)
        .where('devid', '=', devid);
      const after = await draft.except(live).execute();
      const before = await live.except(draft).execute();
      collect('alert_template', (row) => (row as LiveAlertTemplateRow).templateid, after, before);
    }
    // settings (published settings, decision 017): one row per development, compared as stored JSON
    // texts
    {
      const draft = trx
        .selectFrom('development_settings')
        .select(['devid', 'settingid', 'settings'])
        .where('devid', '=', devid);
      const live = trx
        .selectFrom('pub_development_settings')
        .select(['devid', 'settingid', 'settings'])
        .where('devid', '=', devid);
      const after = await draft.except(live).execute();
      const before = await live.except(draft).execute();
      collect('setting', (row) => (row as SettingsRow).settingid, after, before);
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
    for (const ids of chunks(gone('alert_template'))) {
      await trx
        .deleteFrom('pub_alert_templates')
        .where('devid', '=', devid)
        .where('templateid', 'in', ids)
        .execute();
    }
    for (const rows of chunks(come<LiveAlertTemplateRow>('alert_template'))) {
      await trx.insertInto('pub_alert_templates').values(rows).execute();
    }
    if (gone('setting').length > 0)
      await trx.deleteFrom('pub_development_settings').where('devid', '=', devid).execute();
    for (const rows of chunks(come<SettingsRow>('setting'))) {
      await trx.insertInto('pub_development_settings').values(rows).execute();
    }
  }

  /** See ActiveAlertTemplateError: checked under the development's lock, before anything is written. */
  private async refuseRemovingActiveAlertTemplate(
    trx: Transaction<Database>,
    devid: number,
    changes: readonly PendingChange[],
  ): Promise<void> {
    const removed = changes.filter(
      (change) => change.kind === 'alert_template' && change.before && !change.after,
    );
    if (removed.length === 0) return;
    const active = await trx
      .selectFrom('active_alerts')
      .select(['templateid', 'template_name'])
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (active && removed.some((change) => change.id === active.templateid))
      throw new ActiveAlertTemplateError(active.template_name);
  }

  /**
   * A new revision, under the caller's lock and transaction: the changes applied to live, logged
   * (before/after per item: decision 011), the revision row, and the development's version. The
   * one way a publish and a rollback write what they decided.
   */
  private async writeRevision(
    trx: Transaction<Database>,
    devid: number,
    revision: number,
    changes: PendingChange[],
    counts: RevisionCounts,
    meta: { author: RevisionAuthor; now: Date; note: string | null; source: RevisionSource },
  ): Promise<void> {
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
        created_at: meta.now.toISOString(),
        author_kind: meta.author.kind,
        author_name: meta.author.name,
        userid: meta.author.userid,
        note: meta.note,
        source: meta.source,
        summary: JSON.stringify(counts),
      })
      .execute();
    await trx
      .updateTable('developments')
      .set({ content_version: revision })
      .where('devid', '=', devid)
      .execute();
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
        // In no zone: only whole publishes take them.
        if (change.kind === 'alert_template' || change.kind === 'setting') continue;
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
    // Joins the caller's transaction when given one (a rollback brings the draft to live with it).
    return this.inTransaction(async (trx) => {
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

      // 0. Alert templates (emergency alerts, decision 012): no parents, no unique key a restore
      // could swap but the name.
      for (const ids of chunks(added('alert_template')))
        await trx.deleteFrom('alert_templates').where('templateid', 'in', ids).execute();
      const changedTemplates = changed<LiveAlertTemplateRow>('alert_template');
      for (const template of changedTemplates)
        await trx
          .updateTable('alert_templates')
          .set({ name: `\u0001${template.templateid}` })
          .where('templateid', '=', template.templateid)
          .execute();
      // A new version for each, as below for the content (migration 010): an open editor's
      // form gets a 409 instead of writing over the restored template.
      for (const rows of chunks(removed<LiveAlertTemplateRow>('alert_template')))
        await trx
          .insertInto('alert_templates')
          .values(rows.map((row) => ({ ...row, version: draftVersion })))
          .execute();
      for (const { templateid: id, ...row } of changedTemplates)
        await trx
          .updateTable('alert_templates')
          .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
          .where('templateid', '=', id)
          .execute();

      // 0b. Settings (published settings, decision 017): one row, the draft's given the live text
      // back (or removed).
      for (const change of of('setting')) {
        await trx.deleteFrom('development_settings').where('devid', '=', devid).execute();
        if (change.before)
          await trx
            .insertInto('development_settings')
            .values(change.before as SettingsRow)
            .execute();
      }

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
      alert_template: strip(
        await db
          .selectFrom('pub_alert_templates')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('templateid')
          .execute(),
      ),
      setting: strip(
        await db
          .selectFrom('pub_development_settings')
          .selectAll()
          .where('devid', '=', devid)
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
    // One consistent view: a publish committing in between would mix two states. Inside a
    // caller's transaction (a rollback), the development's row lock gives that view.
    return this.transactionFor('repeatable read')
      .begin()
      .execute(async (trx) => {
        const development = await trx
          .selectFrom('developments')
          .select('content_version')
          .where('devid', '=', devid)
          .executeTakeFirst();
        if (!development) return undefined;
        if (!(await logStartingAt(trx, devid, revision))) return undefined;
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
          alert_template: sorted('alert_template'),
          setting: sorted('setting'),
        };
      });
  }

  /**
   * What rolling back to `target` would change now, without changing anything: the live content
   * against revision `target`'s (the diff rollbackTo publishes), each change placed in its zone —
   * named as the totems show it now, or as the revision had it for a zone since removed — and
   * numbered as the revision the rollback would make. Undefined when the development does not
   * exist; `unknown` for a revision the log cannot rebuild (see contentAt).
   */
  async rollbackPreview(
    devid: number,
    target: number,
  ): Promise<
    | {
        revision: number;
        counts: RevisionCounts;
        changes: Array<ContentChange & { zoneid: number | null; zonename: string | null }>;
      }
    | 'unknown'
    | undefined
  > {
    return this.transactionFor('repeatable read')
      .begin()
      .execute(async (trx) => {
        const development = await trx
          .selectFrom('developments')
          .select('content_version')
          .where('devid', '=', devid)
          .executeTakeFirst();
        if (!development) return undefined;
        const repo = new RevisionRepository(trx);
        const content = await repo.contentAt(devid, target);
        if (!content) return 'unknown';
        const live = await repo.liveContent(devid, trx);
        const { changes, counts } = diffContents(devid, live, content);
        const place = zonePlaces(live, content);
        const revision = development.content_version + 1;
        return {
          revision: development.content_version,
          counts,
          changes: changes.map((change) => {
            const before = change.before ? logged(change.before) : null;
            const after = change.after ? logged(change.after) : null;
            return {
              revision,
              kind: change.kind,
              itemId: change.id,
              before,
              after,
              ...place(change.kind, change.id, after ?? before ?? {}),
            };
          }),
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
    const parse = (kind: string, json: string | null) =>
      json === null ? null : withDefaults(kind, JSON.parse(json) as Record<string, unknown>);
    return rows.map((row) => ({
      revision: row.revision,
      kind: row.kind as ChangeKind,
      itemId: row.item_id,
      before: parse(row.kind, row.before),
      after: parse(row.kind, row.after),
    }));
  }

  // ---------- rollback (rollback and publish checks, decision 014) ----------

  /**
   * Publishes revision K's content as a new revision (source `rollback`), in one transaction under
   * the development's lock: K's content is rebuilt with contentAt (every kind the log knows),
   * compared with live item by item, the differences applied to live and logged like a publish's,
   * then the draft is brought to the new live content with the discard machinery, so the draft
   * equals live afterwards. Refused (nothing written) while the draft has unpublished changes.
   * Two rollbacks to K at once run one after the other; the second finds live equal to K.
   * Undefined when the development does not exist.
   */
  async rollbackTo(
    devid: number,
    target: number,
    input: RollbackInput,
  ): Promise<RollbackOutcome | undefined> {
    return this.inTransaction(async (trx) => {
      let lock = trx
        .selectFrom('developments')
        .select('content_version')
        .where('devid', '=', devid);
      if (this.isPostgres) lock = lock.forUpdate();
      const development = await lock.executeTakeFirst();
      if (!development) return undefined;
      const current = development.content_version;
      const repo = new RevisionRepository(trx);
      const content = await repo.contentAt(devid, target);
      if (!content) return { status: 'unknown' };
      const draft = await this.diff(trx, devid);
      if (draft.changes.length > 0) {
        return { status: 'draft-changed', revision: current, counts: draft.counts };
      }

      const live = await this.liveContent(devid, trx);
      const { changes, counts } = diffContents(devid, live, content);
      if (changes.length === 0) return { status: 'unchanged', revision: current };
      // The same guards as a publish: what would go live is refused the same way.
      await this.refuseRemovingActiveAlertTemplate(trx, devid, changes);
      await input.verify?.(trx, content, touched(changes));

      const revision = current + 1;
      await this.writeRevision(trx, devid, revision, changes, counts, {
        author: input.author,
        now: input.now,
        note: input.note ?? `Retour à la révision ${target}`,
        source: 'rollback',
      });
      // The draft equalled the old live content: the same machinery as a discard brings it to
      // the new one (ids kept, every item written gets a new version for open forms).
      await repo.discardDraft(devid);
      return { status: 'created', revision, counts };
    });
  }

  /**
   * The published revisions, newest first, whose content shows one of `values` (an element's or
   * sub-element's value), the live one included. Read from the log alone: an item held a value
   * from the revision whose `after` set it (or from the first revision, when the log starts with
   * it already there) until the revision before the one whose `before` has it.
   */
  async revisionsUsing(devid: number, values: readonly string[]): Promise<number[]> {
    const wanted = new Set(values);
    if (wanted.size === 0) return [];
    const bounds = await this.db
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
    const holds = (row: Record<string, unknown> | null) =>
      row !== null && wanted.has(row.value as string);

    // Items whose log rows mention a value (a LIKE narrows, the JSON is read to be sure).
    const mentions = new Map<string, ContentChange[]>();
    for (const value of wanted) {
      const needle = `%${JSON.stringify(value)
        .slice(1, -1)
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await this.db
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
      for (const row of rows) mentions.set(`${row.kind}:${row.item_id}`, []);
    }
    for (const key of mentions.keys()) {
      const [kind, id] = key.split(':');
      const rows = await this.db
        .selectFrom('content_changes')
        .selectAll()
        .where('devid', '=', devid)
        .where('kind', '=', kind!)
        .where('item_id', '=', Number(id))
        .orderBy('revision')
        .orderBy('changeid')
        .execute();
      const parse = (json: string | null) =>
        json === null ? null : (JSON.parse(json) as Record<string, unknown>);
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
    const live = await this.liveContent(devid);
    for (const kind of ['element', 'subelement'] as const) {
      for (const row of live[kind]) {
        const id = row[ID_COLUMNS[kind]] as number;
        if (holds(row) && !mentions.has(`${kind}:${id}`)) mark(first, last);
      }
    }
    return [...used].sort((a, b) => b - a);
  }
}
