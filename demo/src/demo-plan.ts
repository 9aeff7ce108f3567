/**
 * The demo plant as data (zones → elements → sub-elements and sub-groups), as its content authors
 * write it: without ids or orders, which pack-writer.ts assigns.
 */
import type { ContentLanguage, ItemType, ModelLabel, ZoneType } from '@plant-kiosk/contract';

export interface PlannedValue {
  value: string;
  type: ItemType;
  /** An image's text alternative (decision 050): the words it shows. */
  alt?: string;
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
  /** An image's text alternative (decision 050): the words it shows. */
  alt?: string;
  subelements?: PlannedValue[];
  subgroups?: PlannedSubgroup[];
}

export interface PlannedZone {
  zonename: string;
  type: ZoneType;
  checkList?: boolean;
  elements: PlannedElement[];
}
