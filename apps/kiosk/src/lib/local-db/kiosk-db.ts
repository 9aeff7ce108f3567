/**
 * The kiosk's local database (docs/product.md#content-model): one IndexedDB database per development, named after it,
 * with exactly the spec's four stores, keys and indexes. Screens read only from here; the sync
 * engine and the content hooks are its only writers.
 */
import Dexie, { type Table } from 'dexie';
import type {
  AlertTemplate,
  DevelopmentSettings,
  Element,
  Subelement,
  Subgroup,
  UsageEvent,
  Zone,
} from '@plant-kiosk/contract';

/**
 * A sub-element as stored: `fieldlabel` and `subgroupid` are copied to the top level from
 * `subgroupinfo` because IndexedDB can only index top-level (or dotted) key paths of non-null
 * values, and the spec indexes sub-elements by field label. Null for plain sub-elements, which
 * therefore do not appear in that index.
 */
export interface StoredSubelement extends Subelement {
  fieldlabel: string | null;
  subgroupid: number | null;
}

/** The spec's store schemas, in Dexie notation: primary key first, then the indexes. */
export const KIOSK_DB_SCHEMA = {
  zones: 'zoneid, zonename, type',
  elements: 'elementid, order, zoneid, type',
  subelements: 'subelementid, order, elementid, fieldlabel, type',
  subgroups: 'subgroupid, elementid, order, label',
} as const;

/**
 * Version 2 (emergency alerts, decision 012) adds the development's alert templates, from the
 * snapshot, so a totem shows an alert it is told about even when its last sync failed or the
 * network is gone.
 */
export const KIOSK_DB_SCHEMA_V2 = {
  ...KIOSK_DB_SCHEMA,
  alertTemplates: 'templateid, name',
} as const;

/**
 * Version 3 (published settings, decision 017) adds the development's published settings: one row,
 * written in the same transaction as the records of the revision they came with, so a totem never
 * holds the content of one revision with the settings of another, and keeps both offline.
 */
export const KIOSK_DB_SCHEMA_V3 = {
  ...KIOSK_DB_SCHEMA_V2,
  settings: 'id',
} as const;

/**
 * Version 4 (usage analytics, issue 49) adds the totem's usage events, kept until the server has
 * them (features/usage): keyed by the event's own id, indexed by its time (the oldest go first when
 * a bound is hit); and a small store of the log's own figures (how many events were dropped).
 * Neither is content: a sync, full or not, never clears them.
 */
export const KIOSK_DB_SCHEMA_V4 = {
  ...KIOSK_DB_SCHEMA_V3,
  usageEvents: 'id, t',
  usageMeta: 'key',
} as const;

/** A usage event as kept (features/usage): `t` is its time in epoch ms, for the order. */
export interface StoredUsageEvent {
  id: string;
  t: number;
  event: UsageEvent;
}

/** One figure of the usage log (`dropped`: events dropped since the last accepted batch). */
export interface StoredUsageMeta {
  key: string;
  value: number;
}

/** The one row of the settings store. */
export const SETTINGS_ROW_ID = 'development';
export interface StoredSettings {
  id: typeof SETTINGS_ROW_ID;
  settings: DevelopmentSettings;
}

export class KioskDb extends Dexie {
  zones!: Table<Zone, number>;
  elements!: Table<Element, number>;
  subelements!: Table<StoredSubelement, number>;
  subgroups!: Table<Subgroup, number>;
  alertTemplates!: Table<AlertTemplate, number>;
  settings!: Table<StoredSettings, string>;
  usageEvents!: Table<StoredUsageEvent, string>;
  usageMeta!: Table<StoredUsageMeta, string>;

  constructor(devname: string) {
    // Dexie 4's query cache is off: with it, every live query run subscribes to cache entries
    // through an abort listener that only goes when the entry is dropped, and the small writes of
    // delta sync (decision 016) keep entries alive — the soak test saw the page's JS event
    // listeners grow by ~50 per publish (307 flat without deltas, 600 after six). Live queries then
    // read IndexedDB itself, which is what they did before Dexie 4; the stores are indexed for
    // them.
    super(devname, { cache: 'disabled' });
    this.version(1).stores(KIOSK_DB_SCHEMA);
    this.version(2).stores(KIOSK_DB_SCHEMA_V2);
    this.version(3).stores(KIOSK_DB_SCHEMA_V3);
    this.version(4).stores(KIOSK_DB_SCHEMA_V4);
  }
}

export function toStoredSubelement(subelement: Subelement): StoredSubelement {
  return {
    ...subelement,
    fieldlabel: subelement.subgroupinfo?.fieldlabel ?? null,
    subgroupid: subelement.subgroupinfo?.subgroupid ?? null,
  };
}

/** Back to the wire shape (drops the index copies), for code that wants the contract's type. */
export function fromStoredSubelement(stored: StoredSubelement): Subelement {
  const { fieldlabel: _fieldlabel, subgroupid: _subgroupid, ...subelement } = stored;
  return subelement;
}

const instances = new Map<string, KioskDb>();
const usageInstances = new Map<string, KioskDb>();

/** The database of a development; one instance per name so that live queries share it. */
export function openKioskDb(devname: string): KioskDb {
  let db = instances.get(devname);
  if (!db) {
    db = new KioskDb(devname);
    instances.set(devname, db);
  }
  return db;
}

/**
 * The same database for the usage log only (features/usage), through a connection of its own
 * that does not tell live queries about its writes (Dexie's observability middleware removed).
 *
 * Why: Dexie tells every live query of the page about every write, and a live query adds the
 * written keys to a set it keeps until a write touches what it reads and it runs again; a query
 * that never runs again (what a totem shows for days reads content that rarely changes) keeps
 * them all. The usage log writes and deletes events under fresh random ids, a few per tap: through
 * the shared instance their keys piled up in every such query, without bound (heap snapshots of
 * the seven-day soak: those sets' nodes for the usage stores grew from 10 to 45 KB over twelve
 * cycles, ~3 KB a cycle). Nothing on screen reads the usage log: no live query has to hear of it.
 * Same schema and versions as `openKioskDb`'s, so whichever opens first upgrades for both.
 */
export function openUsageDb(devname: string): KioskDb {
  let db = usageInstances.get(devname);
  if (!db) {
    db = new KioskDb(devname);
    // Before the first open, which builds the middleware stack.
    db.unuse({ stack: 'dbcore', name: 'Observability' });
    usageInstances.set(devname, db);
  }
  return db;
}

/** Closes and forgets the instances of a development, the usage log's too (logout, tests). */
export function closeKioskDb(devname: string): void {
  for (const map of [instances, usageInstances]) {
    const db = map.get(devname);
    if (!db) continue;
    db.close();
    map.delete(devname);
  }
}
