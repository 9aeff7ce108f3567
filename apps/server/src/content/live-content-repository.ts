/**
 * The live content: what a publish wrote into the `pub_*` tables (publishing/live-apply.ts,
 * decision 008) and the totems read — the display domain's content calls, the snapshot, the
 * delta's sub-groups and the caches' next expiration. Only reads: nothing but a publish writes
 * these tables, and the draft (what the back-office edits) is `DraftContentRepository`'s. Written
 * with Kysely so one implementation serves SQLite and PostgreSQL; rows are mapped to the
 * contract's wire entities the same way as the draft's (content-rows.ts).
 *
 * Batches ("from order N, Q items", docs/product.md#states) select the half-open range of orders [N, N + Q): the
 * kiosk advances N by Q until a batch comes back empty, so orders are kept contiguous from 1.
 */
import type {
  Element,
  PopulatedSubgroup,
  Snapshot,
  Subelement,
  Subgroup,
  Zone,
} from '@plant-kiosk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AlertRepository } from '../alerts/index.js';
import { SettingsRepository } from '../settings/index.js';
import {
  applyBatch,
  toElement,
  toSubelement,
  toSubgroup,
  toZone,
  type Batch,
  type Db,
  type Owned,
} from './content-rows.js';

export class LiveContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---------- zones ----------

  async listZones(devid: number): Promise<Zone[]> {
    const rows = await this.db
      .selectFrom('pub_zones')
      .selectAll()
      .where('devid', '=', devid)
      .orderBy('zoneid')
      .execute();
    return rows.map(toZone);
  }

  async findZoneByName(devid: number, zonename: string): Promise<Zone | undefined> {
    const row = await this.db
      .selectFrom('pub_zones')
      .selectAll()
      .where('devid', '=', devid)
      .where('zonename', '=', zonename)
      .executeTakeFirst();
    return row && toZone(row);
  }

  async findZone(zoneid: number): Promise<Zone | undefined> {
    const row = await this.db
      .selectFrom('pub_zones')
      .selectAll()
      .where('zoneid', '=', zoneid)
      .executeTakeFirst();
    return row && toZone(row);
  }

  // ---------- elements ----------

  async listElements(zoneid: number, batch: Batch = {}): Promise<Element[]> {
    let query = this.db.selectFrom('pub_elements').selectAll().where('zoneid', '=', zoneid);
    query = applyBatch(query, batch);
    query = query.orderBy('order').orderBy('elementid');
    if (batch.order === undefined && batch.quantity !== undefined)
      query = query.limit(batch.quantity);
    return (await query.execute()).map(toElement);
  }

  async findElement(elementid: number): Promise<Owned<Element> | undefined> {
    const row = await this.db
      .selectFrom('pub_elements')
      .selectAll()
      .where('elementid', '=', elementid)
      .executeTakeFirst();
    return row && { devid: row.devid, item: toElement(row) };
  }

  // ---------- sub-elements ----------

  /**
   * Sub-elements of an element. Those that belong to an expired sub-group are left out, as the
   * sub-group itself is (the snapshot does the same).
   */
  async listSubelements(
    elementid: number,
    batch: Batch = {},
    now: Date = new Date(),
  ): Promise<Subelement[]> {
    let query = this.db
      .selectFrom('pub_subelements as subelements')
      .leftJoin('pub_subgroups as subgroups', 'subgroups.subgroupid', 'subelements.subgroupid')
      .selectAll('subelements')
      .where('subelements.elementid', '=', elementid)
      .where((eb) =>
        eb.or([
          eb('subelements.subgroupid', 'is', null),
          eb('subgroups.expirationdate', 'is', null),
          eb('subgroups.expirationdate', '>', now.toISOString()),
        ]),
      );
    if (batch.order !== undefined) {
      query = query.where('subelements.order', '>=', batch.order);
      if (batch.quantity !== undefined) {
        query = query.where('subelements.order', '<', batch.order + batch.quantity);
      }
    }
    query = query.orderBy('subelements.order').orderBy('subelements.subelementid');
    if (batch.order === undefined && batch.quantity !== undefined)
      query = query.limit(batch.quantity);
    return (await query.execute()).map(toSubelement);
  }

  // ---------- sub-groups ----------

  /**
   * Live sub-groups that have not expired at `now`, with their model's label. Public for the
   * delta (delta-repository.ts), which must filter and label sub-groups exactly as the snapshot does.
   */
  unexpiredSubgroups(now: Date, db: Db = this.db) {
    return db
      .selectFrom('pub_subgroups as subgroups')
      .innerJoin('content_models', 'content_models.modelid', 'subgroups.modelid')
      .selectAll('subgroups')
      .select('content_models.label')
      .where((eb) =>
        eb.or([
          eb('subgroups.expirationdate', 'is', null),
          eb('subgroups.expirationdate', '>', now.toISOString()),
        ]),
      );
  }

  async listSubgroups(elementid: number, now: Date = new Date()): Promise<Subgroup[]> {
    const rows = await this.unexpiredSubgroups(now)
      .where('subgroups.elementid', '=', elementid)
      .orderBy('subgroups.order')
      .execute();
    return rows.map((row) => toSubgroup(row, row.label));
  }

  /** A live (not expired) sub-group with the development that owns it. */
  async findSubgroup(
    subgroupid: number,
    now: Date = new Date(),
  ): Promise<Owned<Subgroup> | undefined> {
    const row = await this.unexpiredSubgroups(now)
      .where('subgroups.subgroupid', '=', subgroupid)
      .executeTakeFirst();
    return row && { devid: row.devid, item: toSubgroup(row, row.label) };
  }

  async listSubgroupSubelements(subgroupid: number, fieldlabel?: string): Promise<Subelement[]> {
    let query = this.db
      .selectFrom('pub_subelements')
      .selectAll()
      .where('subgroupid', '=', subgroupid);
    if (fieldlabel !== undefined) query = query.where('fieldlabel', '=', fieldlabel);
    const rows = await query
      .orderBy('fieldlabel')
      .orderBy('order')
      .orderBy('subelementid')
      .execute();
    return rows.map(toSubelement);
  }

  /**
   * Live sub-groups of an element with their fields filled in. `modelLabel` of undefined means all
   * models; `fields` empty means every field.
   */
  async listPopulatedSubgroups(
    elementid: number,
    modelLabel: string | undefined,
    fields: readonly string[],
    now: Date = new Date(),
  ): Promise<PopulatedSubgroup[]> {
    let query = this.unexpiredSubgroups(now).where('subgroups.elementid', '=', elementid);
    if (modelLabel !== undefined) query = query.where('content_models.label', '=', modelLabel);
    const subgroups = await query.orderBy('subgroups.order').execute();
    if (subgroups.length === 0) return [];
    let subQuery = this.db
      .selectFrom('pub_subelements')
      .selectAll()
      .where(
        'subgroupid',
        'in',
        subgroups.map((row) => row.subgroupid),
      );
    if (fields.length > 0) subQuery = subQuery.where('fieldlabel', 'in', [...fields]);
    const subelements = await subQuery.orderBy('order').orderBy('subelementid').execute();
    const bySubgroup = new Map<number, Record<string, Subelement[]>>();
    for (const row of subelements) {
      if (row.subgroupid === null || row.fieldlabel === null) continue;
      const groupFields = bySubgroup.get(row.subgroupid) ?? {};
      (groupFields[row.fieldlabel] ??= []).push(toSubelement(row));
      bySubgroup.set(row.subgroupid, groupFields);
    }
    return subgroups.map((row) => ({
      ...toSubgroup(row, row.label),
      fields: bySubgroup.get(row.subgroupid) ?? {},
    }));
  }

  async findPopulatedSubgroup(subgroupid: number, now: Date = new Date()) {
    const owned = await this.findSubgroup(subgroupid, now);
    if (!owned) return undefined;
    const subelements = await this.listSubgroupSubelements(subgroupid);
    const fields: Record<string, Subelement[]> = {};
    for (const sub of subelements) {
      if (sub.subgroupinfo) (fields[sub.subgroupinfo.fieldlabel] ??= []).push(sub);
    }
    for (const list of Object.values(fields))
      list.sort((a, b) => a.order - b.order || a.subelementid - b.subelementid);
    const populated: PopulatedSubgroup = { ...owned.item, fields };
    return { devid: owned.devid, item: populated };
  }

  // ---------- snapshot ----------

  /**
   * The whole development in four queries. Sub-elements of expired sub-groups are left out along
   * with their sub-groups, so the kiosk never holds content the server would not serve.
   */
  async snapshot(devid: number, now: Date = new Date()): Promise<Snapshot | undefined> {
    // One consistent view for the four queries: PostgreSQL's default (read committed) would let an
    // edit committed between them mix two versions; SQLite's transactions already give one view
    // (and ignore these settings).
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const development = await trx
          .selectFrom('developments')
          .select(['devid', 'content_version'])
          .where('devid', '=', devid)
          .executeTakeFirst();
        if (!development) return undefined;
        const zones = await trx
          .selectFrom('pub_zones')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('zoneid')
          .execute();
        const elements = await trx
          .selectFrom('pub_elements')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('zoneid')
          .orderBy('order')
          .orderBy('elementid')
          .execute();
        const subgroups = await this.unexpiredSubgroups(now, trx)
          .where('subgroups.devid', '=', devid)
          .orderBy('subgroups.elementid')
          .orderBy('subgroups.order')
          .execute();
        const liveSubgroupIds = new Set(subgroups.map((row) => row.subgroupid));
        const subelements = await trx
          .selectFrom('pub_subelements')
          .selectAll()
          .where('devid', '=', devid)
          .orderBy('elementid')
          .orderBy('order')
          .orderBy('subelementid')
          .execute();
        // Emergency alerts: every totem holds the alert templates before it needs one. Left out
        // when there are none, so a development without templates keeps its snapshot (and ETag)
        // unchanged.
        const alertTemplates = await new AlertRepository(trx).liveTemplates(devid);
        // Published settings: the published settings, always (the defaults when none were
        // published).
        const settings = await new SettingsRepository(trx).live(devid);
        return {
          devid,
          version: development.content_version,
          generatedAt: now.toISOString(),
          zones: zones.map(toZone),
          elements: elements.map(toElement),
          subelements: subelements
            .filter((row) => row.subgroupid === null || liveSubgroupIds.has(row.subgroupid))
            .map(toSubelement),
          subgroups: subgroups.map((row) => toSubgroup(row, row.label)),
          ...(alertTemplates.length > 0 ? { alertTemplates } : {}),
          settings,
        };
      });
  }

  /**
   * The earliest expiration date after `now` in a development's live content: when its snapshot
   * next changes by itself.
   */
  async nextExpiration(devid: number, now: Date = new Date()): Promise<string | null> {
    const row = await this.db
      .selectFrom('pub_subgroups')
      .select((eb) => eb.fn.min('expirationdate').as('next'))
      .where('devid', '=', devid)
      .where('expirationdate', '>', now.toISOString())
      .executeTakeFirst();
    return (row?.next as string | null | undefined) ?? null;
  }
}
