/**
 * The draft: everything that reads or writes a development's editing tables, as `repos.draft`.
 * Its methods come in three layers, one file each, so each job reads on its own:
 * - the back-office's reads, with versions and expired sub-groups (draft-content-reads.ts);
 * - the editor's versioned writes, keeping orders contiguous (draft-content-writes.ts);
 * - here, the draft's version every edit bumps first, and the raw creation the seed and the tests
 *   use: rows written as given (orders included), with no version check and no renumbering.
 * A row written here is read back through the same repository (`draft.createZone` then
 * `draft.findZone` finds it); the totems see it only once published, through
 * `LiveContentRepository` (decision 008).
 */
import type {
  ContentLanguage,
  Element,
  ItemType,
  Subelement,
  Zone,
  ZoneType,
} from '@plant-kiosk/contract';
import type { SubgroupRow } from '../db/schema.js';
import { toElement, toSubelement, toZone, type Db } from './content-rows.js';
import { DraftContentWrites } from './draft-content-writes.js';

export class DraftContentRepository extends DraftContentWrites {
  // ---------- the draft's version ----------

  /**
   * Marks the development's draft as edited; returns its new draft version. The update also locks
   * the development's row until the transaction ends: edits of one development run one at a time
   * on PostgreSQL as on SQLite, and a publish (which locks the same row) never reads a draft half
   * written.
   */
  async bumpDraftVersion(devid: number, db: Db = this.db): Promise<number> {
    const row = await db
      .updateTable('developments')
      .set((eb) => ({ draft_version: eb('draft_version', '+', 1) }))
      .where('devid', '=', devid)
      .returning('draft_version')
      .executeTakeFirst();
    return row?.draft_version ?? 0;
  }

  // ---------- raw creation (seed, tests) ----------

  async createZone(
    input: { devid: number; zonename: string; type: ZoneType; checkList?: boolean },
    db: Db = this.db,
  ): Promise<Zone> {
    const row = await db
      .insertInto('zones')
      .values({
        devid: input.devid,
        zonename: input.zonename,
        type: input.type,
        checklist: input.checkList ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toZone(row);
  }

  async createElement(
    input: {
      zoneid: number;
      order: number;
      value: string;
      type: ItemType;
      addingdate?: string;
      lang?: ContentLanguage;
      alt?: string;
    },
    db: Db = this.db,
  ): Promise<Element> {
    const row = await db
      .insertInto('elements')
      .values({
        zoneid: input.zoneid,
        order: input.order,
        value: input.value,
        type: input.type,
        addingdate: input.addingdate ?? new Date().toISOString(),
        lang: input.lang ?? 'fr',
        alt: input.alt ?? '',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toElement(row);
  }

  /** Changes an element's value in the draft (tests; the back-office goes through its editor). */
  async updateElementValue(elementid: number, value: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('elements')
      .set((eb) => ({ value, version: eb('version', '+', 1) }))
      .where('elementid', '=', elementid)
      .execute();
  }

  async createSubelement(
    input: {
      elementid: number;
      order: number;
      value: string;
      type: ItemType;
      subgroupid?: number | null;
      fieldlabel?: string | null;
      alt?: string;
    },
    db: Db = this.db,
  ): Promise<Subelement> {
    const row = await db
      .insertInto('subelements')
      .values({
        elementid: input.elementid,
        order: input.order,
        value: input.value,
        type: input.type,
        subgroupid: input.subgroupid ?? null,
        fieldlabel: input.fieldlabel ?? null,
        alt: input.alt ?? '',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSubelement(row);
  }

  async createSubgroup(
    input: {
      elementid: number;
      modelid: number;
      order: number;
      addingdate?: string;
      expirationdate?: string | null;
    },
    db: Db = this.db,
  ): Promise<SubgroupRow> {
    return db
      .insertInto('subgroups')
      .values({
        elementid: input.elementid,
        modelid: input.modelid,
        order: input.order,
        addingdate: input.addingdate ?? new Date().toISOString(),
        expirationdate: input.expirationdate ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
