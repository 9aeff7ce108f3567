/**
 * A development's content rows as the contract's wire entities, the same mapping for the draft
 * (the editing tables) and the live content (`pub_*`, written by a publish): the two sides have the
 * same columns but a row's version and owner, so a zone reads the same whichever side it comes from.
 * Also what both sides share of reading: a batch of orders (docs/product.md#states) and an item with its owner.
 */
import type {
  Element,
  ItemType,
  Subelement,
  Subgroup,
  Zone,
  ZoneType,
} from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  LiveElementRow,
  LiveSubelementRow,
  LiveSubgroupRow,
  ZoneRow,
} from '../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

export interface Batch {
  order?: number;
  quantity?: number;
}

/** An item together with the development that owns it, so callers can enforce access. */
export interface Owned<T> {
  devid: number;
  item: T;
}

/** The columns the wire entities are made of, common to draft and live rows. */
type ZoneFields = Pick<ZoneRow, 'zoneid' | 'devid' | 'zonename' | 'type' | 'checklist'>;
type ElementFields = Omit<LiveElementRow, 'devid'>;
type SubgroupFields = Omit<LiveSubgroupRow, 'devid'>;
type SubelementFields = Omit<LiveSubelementRow, 'devid'>;

export const toZone = (row: ZoneFields): Zone => ({
  zoneid: row.zoneid,
  zonename: row.zonename,
  devid: row.devid,
  type: row.type as ZoneType,
  checkList: Boolean(row.checklist),
});

export const toElement = (row: ElementFields): Element => ({
  elementid: row.elementid,
  zoneid: row.zoneid,
  order: row.order,
  value: row.value,
  type: row.type as ItemType,
  addingdate: row.addingdate,
  // Absent means French (the contract's `Element.lang`): French content is sent as before 009.
  ...(row.lang === 'en' ? { lang: 'en' as const } : {}),
  // Absent when none was written (decision 050): older content is sent as before 028.
  ...(row.alt ? { alt: row.alt } : {}),
});

export const toSubelement = (row: SubelementFields): Subelement => ({
  subelementid: row.subelementid,
  elementid: row.elementid,
  order: row.order,
  value: row.value,
  type: row.type as ItemType,
  subgroupinfo:
    row.subgroupid !== null && row.fieldlabel !== null
      ? { subgroupid: row.subgroupid, fieldlabel: row.fieldlabel }
      : null,
  ...(row.alt ? { alt: row.alt } : {}),
});

export const toSubgroup = (row: SubgroupFields, label: string): Subgroup => ({
  subgroupid: row.subgroupid,
  elementid: row.elementid,
  modelid: row.modelid,
  label,
  order: row.order,
  addingdate: row.addingdate,
  expirationdate: row.expirationdate,
});

export function applyBatch<Q extends { where: (...args: never[]) => Q }>(
  query: Q,
  batch: Batch,
): Q {
  // Typed loosely on purpose: Kysely's builders are generic over the table, and this helper is
  // only ever given builders whose table has an `order` column.
  let q = query as unknown as {
    where(column: string, op: string, value: number): typeof q;
  };
  if (batch.order !== undefined) {
    q = q.where('order', '>=', batch.order);
    if (batch.quantity !== undefined) q = q.where('order', '<', batch.order + batch.quantity);
  }
  return q as unknown as Q;
}
