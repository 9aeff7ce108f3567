/**
 * The back-office's writes of the draft, each with a version check: an update or delete only
 * touches the row when its version is still the one the editor saw, in the same statement, so two
 * editors can never both win. The second layer of `DraftContentRepository`
 * (draft-content-repository.ts), over the draft's reads (draft-content-reads.ts).
 *
 * Orders: elements are kept contiguous from 1 within their zone, and every sub-element of an
 * element — plain ones first, then each sub-group's fields in sub-group order and in the model's
 * field order — contiguous from 1 within the element, as the seed writes them: the kiosk pages
 * through "from order N, Q items" until an empty batch, so a gap would hide what follows it.
 * Sub-group orders only need to be unique within their element (a database constraint).
 */
import type {
  AdminElement,
  AdminSubelement,
  AdminZone,
  ContentLanguage,
  ItemType,
  ZoneType,
} from '@plant-kiosk/contract';
import {
  DraftContentReads,
  parseFields,
  toAdminElement,
  toAdminSubelement,
  toAdminZone,
} from './draft-content-reads.js';

export interface ZoneChanges {
  zonename?: string;
  type?: ZoneType;
  checkList?: boolean;
}

export interface ItemChanges {
  value?: string;
  type?: ItemType;
  addingdate?: string;
  /** An image's text alternative; '' removes it (decision 050). */
  alt?: string;
}

export interface SubgroupChanges {
  addingdate?: string;
  expirationdate?: string | null;
}

export interface NewValue {
  value: string;
  type: ItemType;
  alt?: string;
}

export class DraftContentWrites extends DraftContentReads {
  // ---------- zones ----------

  async insertZone(input: {
    devid: number;
    zonename: string;
    type: ZoneType;
    checkList: boolean;
  }): Promise<AdminZone> {
    const row = await this.db
      .insertInto('zones')
      .values({
        devid: input.devid,
        zonename: input.zonename,
        type: input.type,
        checklist: input.checkList ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAdminZone(row);
  }

  /** Undefined when the zone is gone or its version is no longer `expectedVersion`. */
  async updateZone(
    zoneid: number,
    expectedVersion: number,
    changes: ZoneChanges,
  ): Promise<AdminZone | undefined> {
    const row = await this.db
      .updateTable('zones')
      .set((eb) => ({
        ...(changes.zonename !== undefined ? { zonename: changes.zonename } : {}),
        ...(changes.type !== undefined ? { type: changes.type } : {}),
        ...(changes.checkList !== undefined ? { checklist: changes.checkList ? 1 : 0 } : {}),
        version: eb('version', '+', 1),
      }))
      .where('zoneid', '=', zoneid)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row && toAdminZone(row);
  }

  /** Deletes the zone and, by cascade, its elements, sub-groups and sub-elements. */
  async deleteZone(zoneid: number, expectedVersion: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('zones')
      .where('zoneid', '=', zoneid)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---------- elements ----------

  /** Appends an element at the end of its zone. */
  async insertElement(input: {
    zoneid: number;
    value: string;
    type: ItemType;
    addingdate: string;
    lang?: ContentLanguage;
    alt?: string;
  }): Promise<AdminElement> {
    const last = await this.db
      .selectFrom('elements')
      .select((eb) => eb.fn.max('order').as('last'))
      .where('zoneid', '=', input.zoneid)
      .executeTakeFirst();
    const row = await this.db
      .insertInto('elements')
      .values({
        zoneid: input.zoneid,
        order: Number(last?.last ?? 0) + 1,
        value: input.value,
        type: input.type,
        addingdate: input.addingdate,
        lang: input.lang ?? 'fr',
        alt: input.alt ?? '',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const element = toAdminElement(row);
    if (element.lang === 'en') return element;
    // A French element added after English ones moves before them (renumberElements' rule).
    const hasEnglish = await this.db
      .selectFrom('elements')
      .select('elementid')
      .where('zoneid', '=', input.zoneid)
      .where('lang', '=', 'en')
      .executeTakeFirst();
    if (!hasEnglish) return element;
    const renumbered = await this.renumberElements(input.zoneid);
    return renumbered.find((e) => e.elementid === element.elementid) ?? element;
  }

  async updateElement(
    elementid: number,
    expectedVersion: number,
    changes: ItemChanges,
  ): Promise<AdminElement | undefined> {
    const row = await this.db
      .updateTable('elements')
      .set((eb) => ({
        ...(changes.value !== undefined ? { value: changes.value } : {}),
        ...(changes.type !== undefined ? { type: changes.type } : {}),
        ...(changes.addingdate !== undefined ? { addingdate: changes.addingdate } : {}),
        ...(changes.alt !== undefined ? { alt: changes.alt } : {}),
        version: eb('version', '+', 1),
      }))
      .where('elementid', '=', elementid)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row && toAdminElement(row);
  }

  async deleteElement(elementid: number, expectedVersion: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('elements')
      .where('elementid', '=', elementid)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Gives the zone's elements the orders 1..n, in `ids`' order when given (it must hold exactly
   * the zone's elements), otherwise in their current order — the French ones first, then the
   * English ones, each language keeping its sequence (decision 021: a zone's orders run through
   * its French version, then its English one). Only rows whose order changes are written. Returns
   * the elements in their new order.
   */
  async renumberElements(zoneid: number, ids?: readonly number[]): Promise<AdminElement[]> {
    const current = await this.listElements(zoneid);
    const byId = new Map(current.map((element) => [element.elementid, element]));
    const given = ids ? ids.map((id) => byId.get(id)!) : current;
    const sequence = [
      ...given.filter((element) => element.lang !== 'en'),
      ...given.filter((element) => element.lang === 'en'),
    ];
    for (const [index, element] of sequence.entries()) {
      if (element.order === index + 1) continue;
      await this.db
        .updateTable('elements')
        .set({ order: index + 1 })
        .where('elementid', '=', element.elementid)
        .execute();
      element.order = index + 1;
    }
    return sequence;
  }

  // ---------- sub-elements ----------

  /**
   * Inserts a sub-element with a provisional order (after everything else);
   * `normalizeSubelementOrders` gives it its place.
   */
  async insertSubelement(input: {
    elementid: number;
    value: string;
    type: ItemType;
    subgroupid?: number | null;
    fieldlabel?: string | null;
    alt?: string;
  }): Promise<AdminSubelement> {
    const last = await this.db
      .selectFrom('subelements')
      .select((eb) => eb.fn.max('order').as('last'))
      .where('elementid', '=', input.elementid)
      .executeTakeFirst();
    const row = await this.db
      .insertInto('subelements')
      .values({
        elementid: input.elementid,
        order: Number(last?.last ?? 0) + 1,
        value: input.value,
        type: input.type,
        subgroupid: input.subgroupid ?? null,
        fieldlabel: input.fieldlabel ?? null,
        alt: input.alt ?? '',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAdminSubelement(row);
  }

  async updateSubelement(
    subelementid: number,
    expectedVersion: number,
    changes: Omit<ItemChanges, 'addingdate'>,
  ): Promise<AdminSubelement | undefined> {
    const row = await this.db
      .updateTable('subelements')
      .set((eb) => ({
        ...(changes.value !== undefined ? { value: changes.value } : {}),
        ...(changes.type !== undefined ? { type: changes.type } : {}),
        ...(changes.alt !== undefined ? { alt: changes.alt } : {}),
        version: eb('version', '+', 1),
      }))
      .where('subelementid', '=', subelementid)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row && toAdminSubelement(row);
  }

  async deleteSubelement(subelementid: number, expectedVersion: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('subelements')
      .where('subelementid', '=', subelementid)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Renumbers every sub-element of the element 1..n: plain ones first (in `plainIds`' order when
   * given, which must hold exactly the plain sub-elements), then each sub-group's values by
   * sub-group order, model field order (unknown labels last, by name) and value order.
   */
  async normalizeSubelementOrders(elementid: number, plainIds?: readonly number[]): Promise<void> {
    const rows = await this.db
      .selectFrom('subelements')
      .select(['subelementid', 'order', 'subgroupid', 'fieldlabel'])
      .where('elementid', '=', elementid)
      .orderBy('order')
      .orderBy('subelementid')
      .execute();
    const groups = await this.db
      .selectFrom('subgroups')
      .innerJoin('content_models', 'content_models.modelid', 'subgroups.modelid')
      .select(['subgroups.subgroupid', 'content_models.fields'])
      .where('subgroups.elementid', '=', elementid)
      .orderBy('subgroups.order')
      .orderBy('subgroups.subgroupid')
      .execute();

    const plain = rows.filter((row) => row.subgroupid === null);
    const byId = new Map(plain.map((row) => [row.subelementid, row]));
    const sequence = plainIds ? plainIds.map((id) => byId.get(id)!) : plain;
    for (const group of groups) {
      const fieldOrder = parseFields(group.fields);
      const rank = (label: string | null) => {
        const index = label === null ? -1 : fieldOrder.indexOf(label);
        return index === -1 ? fieldOrder.length : index;
      };
      const values = rows
        .filter((row) => row.subgroupid === group.subgroupid)
        .map((row, index) => ({ row, index }))
        .sort(
          (a, b) =>
            rank(a.row.fieldlabel) - rank(b.row.fieldlabel) ||
            (a.row.fieldlabel ?? '').localeCompare(b.row.fieldlabel ?? '') ||
            a.index - b.index,
        )
        .map(({ row }) => row);
      sequence.push(...values);
    }
    for (const [index, row] of sequence.entries()) {
      if (row.order === index + 1) continue;
      await this.db
        .updateTable('subelements')
        .set({ order: index + 1 })
        .where('subelementid', '=', row.subelementid)
        .execute();
    }
  }

  // ---------- sub-groups ----------

  /** Appends a sub-group after the element's last one. */
  async insertSubgroup(input: {
    elementid: number;
    modelid: number;
    addingdate: string;
    expirationdate: string | null;
  }): Promise<number> {
    const last = await this.db
      .selectFrom('subgroups')
      .select((eb) => eb.fn.max('order').as('last'))
      .where('elementid', '=', input.elementid)
      .executeTakeFirst();
    const row = await this.db
      .insertInto('subgroups')
      .values({
        elementid: input.elementid,
        modelid: input.modelid,
        order: Number(last?.last ?? 0) + 1,
        addingdate: input.addingdate,
        expirationdate: input.expirationdate,
      })
      .returning('subgroupid')
      .executeTakeFirstOrThrow();
    return row.subgroupid;
  }

  /** Bumps the version (and applies the date changes); false when gone or edited meanwhile. */
  async updateSubgroup(
    subgroupid: number,
    expectedVersion: number,
    changes: SubgroupChanges,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('subgroups')
      .set((eb) => ({
        ...(changes.addingdate !== undefined ? { addingdate: changes.addingdate } : {}),
        ...(changes.expirationdate !== undefined ? { expirationdate: changes.expirationdate } : {}),
        version: eb('version', '+', 1),
      }))
      .where('subgroupid', '=', subgroupid)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Replaces the values of one field of a sub-group (orders are normalised afterwards). */
  async replaceFieldValues(
    elementid: number,
    subgroupid: number,
    fieldlabel: string,
    values: readonly NewValue[],
  ): Promise<void> {
    await this.db
      .deleteFrom('subelements')
      .where('subgroupid', '=', subgroupid)
      .where('fieldlabel', '=', fieldlabel)
      .execute();
    for (const value of values) {
      await this.insertSubelement({ elementid, subgroupid, fieldlabel, ...value });
    }
  }

  /** Deletes the sub-group and, by cascade, its values. */
  async deleteSubgroup(subgroupid: number, expectedVersion: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('subgroups')
      .where('subgroupid', '=', subgroupid)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Gives the element's sub-groups the orders 1..n in `ids`' order (exactly the element's
   * sub-groups). Two passes through negative orders: (elementid, order) is unique, and both
   * SQLite and PostgreSQL check that row by row.
   */
  async setSubgroupOrders(elementid: number, ids: readonly number[]): Promise<void> {
    for (const [index, subgroupid] of ids.entries()) {
      await this.db
        .updateTable('subgroups')
        .set({ order: -(index + 1) })
        .where('subgroupid', '=', subgroupid)
        .where('elementid', '=', elementid)
        .execute();
    }
    await this.db
      .updateTable('subgroups')
      .set((eb) => ({ order: eb.neg(eb.ref('order')) }))
      .where('elementid', '=', elementid)
      .where('order', '<', 0)
      .execute();
  }
}
