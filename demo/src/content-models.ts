/** The content models every development relies on (docs/product.md#content-model "Content by model label"). */
import { MODEL_FIELDS, type ModelLabel } from '@plant-kiosk/contract';

export interface ContentModelDefinition {
  label: ModelLabel;
  fields: readonly string[];
}

/** One model per label of the contract, with its fields in the back-office's order. */
export function demoContentModels(): ContentModelDefinition[] {
  return (Object.keys(MODEL_FIELDS) as ModelLabel[]).map((label) => ({
    label,
    fields: MODEL_FIELDS[label],
  }));
}
