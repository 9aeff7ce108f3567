/**
 * Checks fetched records for the few fields the kiosk relies on (ids, parent ids, order, value,
 * type, labels) before anything is written. One bad record fails the whole run, so a totem never
 * shows half of a broken publish; each bad record is logged (docs/product.md#errors: "local insert failures logged
 * per item"), the first MAX_LOGGED_PROBLEMS one by one and the rest only counted.
 */
import type { AlertTemplate, Element, Subelement, Subgroup, Zone } from '@plant-kiosk/contract';
import { SyncError } from './sync-errors';

/** The records of a development, as validated and then written to the local stores. */
export interface SyncRecords {
  zones: Zone[];
  elements: Element[];
  subelements: Subelement[];
  subgroups: Subgroup[];
  /** From the snapshot (emergency alerts, decision 012); absent from a crawl or an older server:
   * kept as they are. */
  alertTemplates?: AlertTemplate[];
  /**
   * The development's published settings (decision 017), as sent: read with `normalizeSettings`
   * when stored, so a field that is missing or wrong takes its default instead of failing the sync.
   * Absent from a crawl or an older server: the held ones are kept.
   */
  settings?: unknown;
}

/** How many invalid records are logged one by one before the rest are only counted. */
export const MAX_LOGGED_PROBLEMS = 50;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isText = (value: unknown) => typeof value === 'string';

/** Each check answers the first bad field of a record, or null when the record is usable. */
type RecordCheck = (record: unknown) => string | null;

const checkZone: RecordCheck = (z) => {
  if (!isObject(z)) return 'not an object';
  if (!isId(z.zoneid)) return 'zoneid';
  if (!isText(z.zonename) || z.zonename === '') return 'zonename';
  if (!isText(z.type)) return 'type';
  return null;
};

const checkElement: RecordCheck = (e) => {
  if (!isObject(e)) return 'not an object';
  if (!isId(e.elementid)) return 'elementid';
  if (!isId(e.zoneid)) return 'zoneid';
  if (!isFiniteNumber(e.order)) return 'order';
  if (!isText(e.value)) return 'value';
  if (!isText(e.type)) return 'type';
  return null;
};

const checkSubelement: RecordCheck = (s) => {
  if (!isObject(s)) return 'not an object';
  if (!isId(s.subelementid)) return 'subelementid';
  if (!isId(s.elementid)) return 'elementid';
  if (!isFiniteNumber(s.order)) return 'order';
  if (!isText(s.value)) return 'value';
  if (!isText(s.type)) return 'type';
  const info = s.subgroupinfo;
  if (info !== null && info !== undefined) {
    if (!isObject(info) || !isId(info.subgroupid) || !isText(info.fieldlabel))
      return 'subgroupinfo';
  }
  return null;
};

const checkSubgroup: RecordCheck = (g) => {
  if (!isObject(g)) return 'not an object';
  if (!isId(g.subgroupid)) return 'subgroupid';
  if (!isId(g.elementid)) return 'elementid';
  if (!isFiniteNumber(g.order)) return 'order';
  if (!isText(g.label)) return 'label';
  return null;
};

/** The checks per store; a delta's `puts` (delta sync, decision 016) can go through the same ones.
 * */
export const RECORD_CHECKS: readonly (readonly [keyof SyncRecords, RecordCheck])[] = [
  ['zones', checkZone],
  ['elements', checkElement],
  ['subelements', checkSubelement],
  ['subgroups', checkSubgroup],
];

/**
 * Checks the fields the kiosk relies on; logs each bad record and throws a SyncError if there is
 * any, so nothing is written.
 */
export function validateRecords(records: unknown): SyncRecords {
  if (!isObject(records)) throw new SyncError('Données invalides : réponse mal formée');
  const problems: string[] = [];
  for (const [store, check] of RECORD_CHECKS) {
    const list = records[store];
    if (!Array.isArray(list)) {
      problems.push(`${store}: not a list`);
      continue;
    }
    list.forEach((item: unknown, index) => {
      const field = check(item);
      if (field === null) return;
      if (problems.length < MAX_LOGGED_PROBLEMS)
        console.error(`[sync] invalid record ${store}[${index}] (${field})`, item);
      problems.push(`${store}[${index}]: ${field}`);
    });
  }
  if (problems.length > 0) {
    console.error(`[sync] ${problems.length} invalid record(s); nothing was written`);
    throw new SyncError(`Données invalides (${problems.length} enregistrement(s))`);
  }
  return records as unknown as SyncRecords;
}
