/** The content models every development relies on (docs/product.md#content-model "Content by model label"). */
import { MODEL_FIELDS, type ModelLabel } from '@plant-kiosk/contract';
import type { ContentModelRepository } from '../db/repositories/index.js';

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

/** Creates (or updates) the models; returns their ids by label. */
export async function ensureContentModels(
  models: ContentModelRepository,
): Promise<Map<ModelLabel, number>> {
  const ids = new Map<ModelLabel, number>();
  for (const model of demoContentModels()) {
    const saved = await models.upsert(model.label, model.fields);
    ids.set(model.label, saved.modelid);
  }
  return ids;
}
