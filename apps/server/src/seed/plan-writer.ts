/**
 * The demo plant as data (zones → elements → sub-elements and sub-groups), and the code that
 * writes such a plan through the repositories inside one transaction.
 *
 * Orders are assigned here, not by the content authors: elements are numbered from 1 in each zone,
 * sub-groups from 1 in each element, and every sub-element of an element — plain ones first, then
 * each sub-group's fields in the model's field order — gets the next order, so orders are unique
 * and contiguous as the kiosk's batched loading (docs/product.md#states) expects.
 */
import {
  MODEL_FIELDS,
  type ContentLanguage,
  type ItemType,
  type ModelLabel,
  type ZoneType,
} from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DraftContentRepository } from '../db/repositories/index.js';

export interface PlannedValue {
  value: string;
  type: ItemType;
}

export interface PlannedSubgroup {
  model: ModelLabel;
  addingdate: string;
  expirationdate?: string | null;
  /** Values of each field; labels must be fields of the model. */
  fields: Partial<Record<string, PlannedValue[]>>;
}

export interface PlannedElement {
  value: string;
  type: ItemType;
  addingdate: string;
  /** The element's language (decision 021); French when absent. */
  lang?: ContentLanguage;
  subelements?: PlannedValue[];
  subgroups?: PlannedSubgroup[];
}

export interface PlannedZone {
  zonename: string;
  type: ZoneType;
  checkList?: boolean;
  elements: PlannedElement[];
}

export interface WriteCounts {
  zones: number;
  elements: number;
  subelements: number;
  subgroups: number;
}

/** Writes the zones of one development with `content`'s create methods on the transaction `trx`. */
export async function writePlan(
  content: DraftContentRepository,
  trx: Transaction<Database>,
  devid: number,
  zones: PlannedZone[],
  modelIds: ReadonlyMap<ModelLabel, number>,
): Promise<WriteCounts> {
  const counts: WriteCounts = { zones: 0, elements: 0, subelements: 0, subgroups: 0 };
  for (const zone of zones) {
    const created = await content.createZone(
      { devid, zonename: zone.zonename, type: zone.type, checkList: zone.checkList ?? false },
      trx,
    );
    counts.zones++;
    for (const [index, element] of zone.elements.entries()) {
      const row = await content.createElement(
        {
          zoneid: created.zoneid,
          order: index + 1,
          value: element.value,
          type: element.type,
          addingdate: element.addingdate,
          lang: element.lang,
        },
        trx,
      );
      counts.elements++;
      let order = 0;
      for (const sub of element.subelements ?? []) {
        await content.createSubelement(
          { elementid: row.elementid, order: ++order, value: sub.value, type: sub.type },
          trx,
        );
        counts.subelements++;
      }
      for (const [groupIndex, group] of (element.subgroups ?? []).entries()) {
        const modelid = modelIds.get(group.model);
        if (modelid === undefined) throw new Error(`Content model "${group.model}" is missing`);
        const fieldLabels = MODEL_FIELDS[group.model];
        for (const label of Object.keys(group.fields)) {
          if (!fieldLabels.includes(label))
            throw new Error(`"${label}" is not a field of the model "${group.model}"`);
        }
        const subgroup = await content.createSubgroup(
          {
            elementid: row.elementid,
            modelid,
            order: groupIndex + 1,
            addingdate: group.addingdate,
            expirationdate: group.expirationdate ?? null,
          },
          trx,
        );
        counts.subgroups++;
        for (const label of fieldLabels) {
          for (const value of group.fields[label] ?? []) {
            await content.createSubelement(
              {
                elementid: row.elementid,
                order: ++order,
                value: value.value,
                type: value.type,
                subgroupid: subgroup.subgroupid,
                fieldlabel: label,
              },
              trx,
            );
            counts.subelements++;
          }
        }
      }
    }
  }
  return counts;
}
