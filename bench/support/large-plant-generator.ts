/**
 * A generated large plant for benchmarks (default 100 zones × 50 elements × 20 sub-elements =
 * 100,000 sub-elements), written in one transaction with multi-row inserts of a few hundred rows.
 *
 * The repositories create one row per call, which would take tens of seconds here, so this module
 * writes through the Kysely transaction that `repos.transaction` hands out (the same
 * tables, the same store). Generated ids are read back by (zone, order) rather than trusted from
 * RETURNING, whose row order SQLite does not guarantee. Media values look real but no files exist.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Repositories } from '../../apps/server/src/db/repositories/index.js';
import { createRepositories } from '../../apps/server/src/db/repositories/index.js';
import type { Database, SubelementTable } from '../../apps/server/src/db/schema.js';
import { MODEL_FIELDS, type ModelLabel } from '@plant-kiosk/contract';

export interface LargePlantOptions {
  repos: Repositories;
  devname: string;
  zones?: number;
  elementsPerZone?: number;
  subelementsPerElement?: number;
  now?: Date;
}

export interface LargePlantResult {
  devid: number;
  /** False when the development already existed (it is then left untouched). */
  created: boolean;
  counts: { zones: number; elements: number; subelements: number };
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits at 6 columns. */
const BATCH = 400;

const THEMES = [
  'Ligne',
  'Îlot',
  'Atelier',
  'Poste',
  'Standard',
  'Affichage',
  'Formation',
  'Sécurité',
  'Qualité',
  'Logistique',
];
const WORDS = [
  'contrôle',
  'réglage',
  'démarrage',
  'nettoyage',
  'changement de moule',
  'autocontrôle',
  'consignation',
  'passation',
  'maintenance',
  'conditionnement',
];

/** A short deterministic hex tag, so that generated file names look content-addressed. */
const tag = (...parts: number[]) => {
  let h = 2166136261;
  for (const part of parts) h = Math.imul(h ^ part, 16777619) >>> 0;
  return h.toString(16).padStart(8, '0');
};
const pad = (n: number, width = 3) => String(n).padStart(width, '0');

async function insertInBatches<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

function subelementRow(
  elementid: number,
  z: number,
  e: number,
  s: number,
): Insertable<SubelementTable> {
  const order = s + 1;
  switch (s % 4) {
    case 0:
      return {
        elementid,
        order,
        type: 'image',
        value: `media/images/zone-${pad(z)}-element-${pad(e)}-page-${pad(order, 2)}-${tag(z, e, s)}.svg`,
        subgroupid: null,
        fieldlabel: null,
      };
    case 1:
      return {
        elementid,
        order,
        type: 'text',
        value: `Étape ${order} : ${WORDS[(z + e + s) % WORDS.length]} du poste ${e + 1}, à vérifier à chaque prise de poste par l'équipe ${(s % 3) + 1}.`,
        subgroupid: null,
        fieldlabel: null,
      };
    case 2:
      return {
        elementid,
        order,
        type: 'pdf',
        value: `pdf/fiche-z${pad(z)}-e${pad(e)}-${pad(order, 2)}.pdf`,
        subgroupid: null,
        fieldlabel: null,
      };
    default:
      return {
        elementid,
        order,
        type: 'link',
        value: `https://intranet.usine-neubourg.example/standards/${pad(z)}/${pad(e)}/${order}`,
        subgroupid: null,
        fieldlabel: null,
      };
  }
}

async function write(
  trx: Transaction<Database>,
  devid: number,
  options: Required<Omit<LargePlantOptions, 'repos' | 'devname'>>,
) {
  const { zones, elementsPerZone, subelementsPerElement, now } = options;
  const zoneRows = Array.from({ length: zones }, (_, z) => ({
    devid,
    zonename: `${THEMES[z % THEMES.length]} ${pad(z + 1)}`,
    type: 'images',
    checklist: z % 10 === 9 ? 1 : 0,
  }));
  await insertInBatches(zoneRows, (batch) => trx.insertInto('zones').values(batch).execute());
  const zoneIds = await trx
    .selectFrom('zones')
    .select(['zoneid'])
    .where('devid', '=', devid)
    .orderBy('zoneid')
    .execute();

  const elementRows = zoneIds.flatMap(({ zoneid }, z) =>
    Array.from({ length: elementsPerZone }, (_, e) => ({
      zoneid,
      order: e + 1,
      type: 'image',
      value: `media/images/zone-${pad(z)}-element-${pad(e)}-${tag(z, e)}.svg`,
      addingdate: new Date(
        now.getTime() - ((z * elementsPerZone + e) % 700) * 3_600_000,
      ).toISOString(),
    })),
  );
  await insertInBatches(elementRows, (batch) => trx.insertInto('elements').values(batch).execute());
  const elementIds = await trx
    .selectFrom('elements')
    .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
    .select(['elements.elementid', 'elements.zoneid', 'elements.order'])
    .where('zones.devid', '=', devid)
    .orderBy('elements.zoneid')
    .orderBy('elements.order')
    .execute();
  const zoneIndex = new Map(zoneIds.map(({ zoneid }, z) => [zoneid, z]));

  let subelements = 0;
  let pending: Insertable<SubelementTable>[] = [];
  for (const element of elementIds) {
    const z = zoneIndex.get(element.zoneid) ?? 0;
    for (let s = 0; s < subelementsPerElement; s++) {
      pending.push(subelementRow(element.elementid, z, element.order - 1, s));
      if (pending.length === BATCH) {
        await trx.insertInto('subelements').values(pending).execute();
        subelements += pending.length;
        pending = [];
      }
    }
  }
  if (pending.length > 0) {
    await trx.insertInto('subelements').values(pending).execute();
    subelements += pending.length;
  }
  return { zones: zoneIds.length, elements: elementIds.length, subelements };
}

export async function generateLargePlant(options: LargePlantOptions): Promise<LargePlantResult> {
  const settings = {
    zones: options.zones ?? 100,
    elementsPerZone: options.elementsPerZone ?? 50,
    subelementsPerElement: options.subelementsPerElement ?? 20,
    now: options.now ?? new Date(),
  };
  const existing = await options.repos.developments.findByName(options.devname);
  if (existing)
    return {
      devid: existing.devid,
      created: false,
      counts: { zones: 0, elements: 0, subelements: 0 },
    };
  return options.repos.transaction(async (trx) => {
    const repos = createRepositories(trx);
    await ensureContentModels(repos.models);
    const development = await repos.developments.create(options.devname, settings.now);
    const counts = await write(trx, development.devid, settings);
    await repos.revisions.publishDraft(development.devid, {
      author: { kind: 'system', name: 'grande usine', userid: null },
      source: 'seed',
      now: settings.now,
    });
    return { devid: development.devid, created: true, counts };
  });
}

/** Creates (or updates) the content models of the contract; returns their ids by label. */
async function ensureContentModels(
  models: Repositories['models'],
): Promise<Map<ModelLabel, number>> {
  const ids = new Map<ModelLabel, number>();
  for (const label of Object.keys(MODEL_FIELDS) as ModelLabel[]) {
    ids.set(label, (await models.upsert(label, MODEL_FIELDS[label])).modelid);
  }
  return ids;
}
