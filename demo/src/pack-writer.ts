/**
 * Writes a planned plant (demo-plan.ts) as a content pack (docs/content-packs.md): the records of
 * content.json, the manifest with every file's checksum, and the staged media, zipped with yazl as
 * the server's export writes them. The pack's ids are its own, numbered from 1 per kind.
 *
 * Orders are assigned here, not by the content authors: elements are numbered from 1 in each zone,
 * sub-groups from 1 in each element, and every sub-element of an element — plain ones first, then
 * each sub-group's fields in the model's field order — gets the next order, so orders are unique
 * and contiguous as the kiosk's batched loading (docs/product.md#states) expects.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import {
  ALERT_DURATION_LIMITS,
  MODEL_FIELDS,
  PACK_CONTENT_FILE,
  PACK_FORMAT,
  PACK_FORMAT_VERSION,
  PACK_KINDS,
  PACK_MANIFEST_FILE,
  PACK_MEDIA_FOLDER,
  type ModelLabel,
  type PackContent,
  type PackManifest,
} from '@plant-kiosk/contract';
import { ZipFile } from 'yazl';
import type { NewAlertTemplate } from './content/alerts.js';
import type { PlannedZone } from './demo-plan.js';
import type { MediaStore } from './media-store.js';

export interface PackSource {
  devname: string;
  /** The product's version, said in the manifest. */
  productVersion: string;
  /** The instant the plan's dates are relative to: an import shifts them by (now − this). */
  referenceTime: Date;
}

/** The plan's records as content.json holds them. */
export function packRecords(zones: PlannedZone[], templates: NewAlertTemplate[]): PackContent {
  const labels = Object.keys(MODEL_FIELDS) as ModelLabel[];
  const modelIds = new Map(labels.map((label, index) => [label, index + 1]));
  const content: PackContent = {
    zone: [],
    element: [],
    subgroup: [],
    subelement: [],
    alert_template: [],
    setting: [],
    models: labels.map((label) => ({
      modelid: modelIds.get(label)!,
      label,
      fields: [...MODEL_FIELDS[label]],
    })),
  };
  for (const zone of zones) {
    const zoneid = content.zone.length + 1;
    content.zone.push({
      zoneid,
      zonename: zone.zonename,
      type: zone.type,
      checklist: zone.checkList ? 1 : 0,
    });
    for (const [index, element] of zone.elements.entries()) {
      const elementid = content.element.length + 1;
      content.element.push({
        elementid,
        zoneid,
        order: index + 1,
        value: element.value,
        type: element.type,
        addingdate: element.addingdate,
        lang: element.lang ?? 'fr',
        alt: element.alt ?? '',
      });
      let order = 0;
      const subelement = (
        value: { value: string; type: string; alt?: string },
        subgroupid: number | null,
        fieldlabel: string | null,
      ) =>
        content.subelement.push({
          subelementid: content.subelement.length + 1,
          elementid,
          order: ++order,
          value: value.value,
          type: value.type,
          subgroupid,
          fieldlabel,
          alt: value.alt ?? '',
        });
      for (const sub of element.subelements ?? []) subelement(sub, null, null);
      for (const [groupIndex, group] of (element.subgroups ?? []).entries()) {
        const fieldLabels = MODEL_FIELDS[group.model];
        for (const label of Object.keys(group.fields)) {
          if (!fieldLabels.includes(label))
            throw new Error(`"${label}" is not a field of the model "${group.model}"`);
        }
        const subgroupid = content.subgroup.length + 1;
        content.subgroup.push({
          subgroupid,
          elementid,
          modelid: modelIds.get(group.model)!,
          order: groupIndex + 1,
          addingdate: group.addingdate,
          expirationdate: group.expirationdate ?? null,
        });
        for (const label of fieldLabels) {
          for (const value of group.fields[label] ?? []) subelement(value, subgroupid, label);
        }
      }
    }
  }
  for (const template of templates) {
    content.alert_template.push({
      templateid: content.alert_template.length + 1,
      name: template.name,
      kind: template.kind,
      title_fr: template.titleFr,
      title_en: template.titleEn,
      instructions_fr: template.instructionsFr,
      instructions_en: template.instructionsEn,
      pictogram: template.pictogram,
      colour: template.colour,
      image: template.image,
      end_text_fr: template.endTextFr,
      end_text_en: template.endTextEn,
      max_duration_minutes: template.maxDurationMinutes ?? ALERT_DURATION_LIMITS.default,
    });
  }
  return content;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Zips `content` and the staged media into `file` (replaced whole, only once complete). */
export async function writePack(
  content: PackContent,
  media: MediaStore,
  source: PackSource,
  file: string,
): Promise<PackManifest> {
  const files = media.list();
  const contentJson = Buffer.from(JSON.stringify(content));
  const counts: Record<string, number> = { media: files.length, models: content.models.length };
  for (const kind of PACK_KINDS) counts[kind] = content[kind].length;
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    formatVersion: PACK_FORMAT_VERSION,
    product: { name: 'plant-kiosk', version: source.productVersion },
    source: { devname: source.devname, revision: 1, zones: null },
    referenceTime: source.referenceTime.toISOString(),
    counts,
    files: [
      { path: PACK_CONTENT_FILE, bytes: contentJson.length, sha256: sha256(contentJson) },
      ...files.map((item) => ({
        path: `${PACK_MEDIA_FOLDER}${item.path}`,
        bytes: item.size,
        sha256: item.sha256,
      })),
    ],
  };
  const zip = new ZipFile();
  zip.addBuffer(contentJson, PACK_CONTENT_FILE);
  // WebP, WebM and PDF are compressed already: stored, not deflated again.
  for (const item of files) {
    zip.addFile(media.fileOf(item.path), `${PACK_MEDIA_FOLDER}${item.path}`, { compress: false });
  }
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), PACK_MANIFEST_FILE);
  zip.end();
  const partial = `${file}.partial`;
  try {
    await pipeline(zip.outputStream, createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
}
