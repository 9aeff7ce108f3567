/**
 * The back-office's preview of what the totems would show (issue 46, first step): a snapshot in
 * the kiosk's format (`Snapshot`, as GET /display/snapshot/:devid answers it) built from content
 * that is not live — the draft, live plus the scheduled change sets due by an instant, or live
 * plus one change set.
 *
 * In the publishing domain rather than a folder of its own: its three inputs are this domain's
 * private reads (the draft's rows, the live rows as logged, the change sets and `contentAfter`,
 * which applies a set's changes in memory the way a scheduled publish checks them), and a domain
 * of its own would have had to open all of them through publishing/index.ts.
 *
 * `snapshotOf` does in memory what `LiveContentRepository.snapshot` does in SQL — same filtering of
 * expired sub-groups (and their sub-elements), same model labels (a sub-group whose model is gone
 * is left out, as the SQL's inner join leaves it), same order, the same mappers — and a test
 * checks the two agree on live content, so the preview can never show a format the kiosk does not
 * read.
 */
import {
  DEFAULT_SETTINGS,
  normalizeSettings,
  PUBLISH_AT_PATTERN,
  type DevelopmentSettings,
  type Snapshot,
} from '@plant-kiosk/contract';
import { sql, type Transaction } from 'kysely';
import type {
  Database,
  LiveAlertTemplateRow,
  LiveElementRow,
  LiveSubelementRow,
  LiveSubgroupRow,
  LiveZoneRow,
} from '../db/schema.js';
import { toAlertTemplate } from '../alerts/index.js';
import { toElement, toSubelement, toSubgroup, toZone } from '../content/index.js';
import { badRequest, notFound } from '../lib/envelope.js';
import { KIND, isPostgres, loose, type Db, type LiveContent, type Row } from './change-kinds.js';
import { draftContent } from './draft-diff.js';
import { liveContent } from './live-apply.js';
import { parseChanges, waitingSets } from './pending-sets.js';
import { contentAfter } from './scheduled-publish.js';

/** What to preview: exactly one of the three inputs. */
export type PreviewInput =
  | { source: 'draft' }
  /** Live plus the waiting scheduled sets due by `at`, sub-group windows evaluated at `at`. */
  | { at: Date }
  /** Live plus one change set of the development. */
  | { setid: number };

const num = (value: unknown) => Number(value);

/** The stored settings JSON read back as the settings repository reads it (defaults otherwise). */
function settingsOf(rows: readonly Row[]): DevelopmentSettings {
  const json = rows[0]?.settings;
  if (typeof json !== 'string') return { ...DEFAULT_SETTINGS };
  try {
    return normalizeSettings(JSON.parse(json));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/**
 * A development's content (rows per kind as the change log holds them, without devid) as the
 * kiosk's snapshot at `now`. `models` maps a model's id to its label.
 */
export function snapshotOf(
  devid: number,
  version: number,
  content: LiveContent,
  models: ReadonlyMap<number, string>,
  now: Date,
): Snapshot {
  const owned = <T>(row: Row) => ({ ...row, devid }) as T;
  const by =
    (...columns: string[]) =>
    (a: Row, b: Row) => {
      for (const column of columns) {
        const diff = num(a[column]) - num(b[column]);
        if (diff !== 0) return diff;
      }
      return 0;
    };
  const instant = now.toISOString();
  // As the SQL compares them: ISO texts, an expiration at `now` already past.
  const subgroups = content.subgroup
    .filter((row) => row.expirationdate == null || String(row.expirationdate) > instant)
    .filter((row) => models.has(num(row.modelid)))
    .sort(by('elementid', 'order', 'subgroupid'));
  const liveSubgroupIds = new Set(subgroups.map((row) => num(row.subgroupid)));
  const alertTemplates = [...content.alert_template]
    .sort(by('templateid'))
    .map((row) => toAlertTemplate(owned<LiveAlertTemplateRow>(row)));
  return {
    devid,
    version,
    generatedAt: instant,
    zones: [...content.zone].sort(by('zoneid')).map((row) => toZone(owned<LiveZoneRow>(row))),
    elements: [...content.element]
      .sort(by('zoneid', 'order', 'elementid'))
      .map((row) => toElement(owned<LiveElementRow>(row))),
    subelements: content.subelement
      .filter((row) => row.subgroupid == null || liveSubgroupIds.has(num(row.subgroupid)))
      .sort(by('elementid', 'order', 'subelementid'))
      .map((row) => toSubelement(owned<LiveSubelementRow>(row))),
    subgroups: subgroups.map((row) =>
      toSubgroup(owned<LiveSubgroupRow>(row), models.get(num(row.modelid))!),
    ),
    // Left out when there are none, as the live snapshot does.
    ...(alertTemplates.length > 0 ? { alertTemplates } : {}),
    settings: settingsOf(content.setting),
  };
}

/** The content models' labels by id (sub-groups carry their model's label). */
async function modelLabels(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('content_models').select(['modelid', 'label']).execute();
  return new Map(rows.map((row) => [num(row.modelid), row.label]));
}

/** The draft's six kinds as the log shapes rows: draftContent's four, and templates and settings. */
async function draftAll(db: Db, devid: number): Promise<LiveContent> {
  const ownRows = async (kind: 'alert_template' | 'setting') => {
    const table = KIND[kind];
    return (await loose(db)
      .selectFrom(table.draft)
      .select([...table.columns])
      .where('devid', '=', devid)
      .orderBy(table.key)
      .execute()) as Row[];
  };
  return {
    ...(await draftContent(db, devid)),
    alert_template: await ownRows('alert_template'),
    setting: await ownRows('setting'),
  };
}

/** The `at` of a preview: an RFC 3339 instant with its zone (past or future), or a French 400. */
export function previewInstant(at: string): Date {
  if (!new RegExp(PUBLISH_AT_PATTERN).test(at) || Number.isNaN(Date.parse(at))) {
    throw badRequest(
      `« at » doit être un instant RFC 3339 avec son fuseau, « Z » ou un décalage (par exemple 2026-11-30T05:00:00+01:00) ; reçu « ${at} ».`,
    );
  }
  return new Date(Date.parse(at));
}

/**
 * The preview snapshot of a development, or undefined when it does not exist, read in `trx` (a
 * transaction of its own, opened by the caller: its first statement is this one's). `now` is the
 * instant sub-group windows are evaluated at for the draft and a set (`at` for a date).
 *
 * `version` is the live revision the preview starts from (what the totems hold now), not a
 * version of its own: the kiosk in preview mode must never store it as the version it synced nor
 * send it back as an ETag — it only tells "built on revision N".
 */
export async function previewSnapshot(
  trx: Transaction<Database>,
  devid: number,
  input: PreviewInput,
  now: Date,
): Promise<Snapshot | undefined> {
  // One view for every read, as the live snapshot's: a publish committing in between would mix two
  // states. The first statement of the transaction on PostgreSQL (its default, read committed,
  // gives each statement its own view); SQLite's transactions give one view already.
  if (isPostgres(trx)) await sql`set transaction isolation level repeatable read`.execute(trx);
  const development = await trx
    .selectFrom('developments')
    .select('content_version')
    .where('devid', '=', devid)
    .executeTakeFirst();
  if (!development) return undefined;
  const models = await modelLabels(trx);
  if ('source' in input) {
    const content = await draftAll(trx, devid);
    return snapshotOf(devid, development.content_version, content, models, now);
  }
  let content = await liveContent(trx, devid);
  if ('at' in input) {
    const until = input.at.toISOString();
    // Held sets wait for someone's decision: they do not go live by themselves, so not here.
    for (const set of await waitingSets(trx, devid)) {
      if (set.due_at === null) continue;
      if (set.due_at > until) break;
      content = contentAfter(content, parseChanges(set));
    }
    return snapshotOf(devid, development.content_version, content, models, input.at);
  }
  const set = await trx
    .selectFrom('change_sets')
    .select(['changes'])
    .where('devid', '=', devid)
    .where('setid', '=', input.setid)
    .executeTakeFirst();
  if (!set) {
    throw notFound(`La modification programmée ${input.setid} n’existe pas dans ce développement.`);
  }
  content = contentAfter(content, parseChanges(set));
  return snapshotOf(devid, development.content_version, content, models, now);
}
