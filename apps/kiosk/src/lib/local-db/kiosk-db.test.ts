import Dexie, { type ObservabilitySet } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { closeKioskDb, openKioskDb, openUsageDb, toStoredSubelement } from './kiosk-db';

afterEach(async () => {
  const db = openKioskDb('neubourg');
  await db.delete();
  closeKioskDb('neubourg');
});

describe('local database', () => {
  it('is named after the development with the spec stores (and the alert templates and settings), keys and indexes', async () => {
    const db = openKioskDb('neubourg');
    await db.open();
    expect(db.name).toBe('neubourg');
    const schema = Object.fromEntries(
      db.tables.map((table) => [
        table.name,
        {
          key: table.schema.primKey.keyPath,
          indexes: table.schema.indexes.map((index) => index.keyPath).sort(),
        },
      ]),
    );
    expect(schema).toEqual({
      zones: { key: 'zoneid', indexes: ['type', 'zonename'] },
      elements: { key: 'elementid', indexes: ['order', 'type', 'zoneid'] },
      subelements: { key: 'subelementid', indexes: ['elementid', 'fieldlabel', 'order', 'type'] },
      subgroups: { key: 'subgroupid', indexes: ['elementid', 'label', 'order'] },
      // Emergency alerts (schema version 2): the alert templates from the snapshot.
      alertTemplates: { key: 'templateid', indexes: ['name'] },
      // Published settings (schema version 3): the development's published settings, one row.
      settings: { key: 'id', indexes: [] },
      // Usage analytics (schema version 4, issue 49): the events kept until sent, and their figures.
      usageEvents: { key: 'id', indexes: ['t'] },
      usageMeta: { key: 'key', indexes: [] },
    });
    // The real IndexedDB database, not only Dexie's view of it.
    const names = (await indexedDB.databases()).map((info) => info.name);
    expect(names).toContain('neubourg');
  });

  it('gives one instance per development', () => {
    expect(openKioskDb('neubourg')).toBe(openKioskDb('neubourg'));
  });

  it('gives the usage log a connection of its own to the same database, whose writes wake no live query', async () => {
    const db = openKioskDb('neubourg');
    const usageDb = openUsageDb('neubourg');
    expect(usageDb).not.toBe(db);
    expect(openUsageDb('neubourg')).toBe(usageDb);
    // Opened first: the creation of a database tells every live query that all of it changed.
    await db.open();
    await usageDb.open();
    // What Dexie tells every live query of the page about (and what each one keeps until it runs
    // again): the content's writes, never the usage log's.
    const told: string[] = [];
    const listener = (parts: ObservabilitySet) => told.push(...Object.keys(parts));
    Dexie.on.storagemutated.subscribe(listener);
    try {
      await usageDb.usageEvents.put({
        id: 'e1',
        t: 1,
        event: {
          id: 'e1',
          kind: 'tap',
          at: new Date(1).toISOString(),
          route: '/accueil',
          zone: null,
          target: null,
          language: 'fr',
          session: null,
          page: null,
        },
      });
      await usageDb.usageMeta.put({ key: 'dropped', value: 0 });
      await db.zones.put({
        zoneid: 1,
        zonename: 'Accueil',
        devid: 7,
        type: 'text',
        checkList: false,
      });
    } finally {
      Dexie.on.storagemutated.unsubscribe(listener);
    }
    expect(told.some((part) => part.includes('/zones/'))).toBe(true);
    expect(told.filter((part) => part.includes('/usage'))).toEqual([]);
    // The same database: the shared instance reads what the usage connection wrote.
    expect(await db.usageEvents.count()).toBe(1);
  });

  it('closes and forgets the usage connection with the shared one', () => {
    const usageDb = openUsageDb('neubourg');
    closeKioskDb('neubourg');
    expect(usageDb.hasBeenClosed()).toBe(true);
    expect(openUsageDb('neubourg')).not.toBe(usageDb);
  });

  it('copies the sub-group field label to the top level for the index', async () => {
    const db = openKioskDb('neubourg');
    await db.subelements.bulkPut([
      toStoredSubelement({
        subelementid: 1,
        elementid: 2,
        order: 1,
        value: 'Pompe',
        type: 'text',
        subgroupinfo: { subgroupid: 3, fieldlabel: 'titre' },
      }),
      toStoredSubelement({
        subelementid: 2,
        elementid: 2,
        order: 2,
        value: 'x',
        type: 'text',
        subgroupinfo: null,
      }),
    ]);
    expect(await db.subelements.where('fieldlabel').equals('titre').primaryKeys()).toEqual([1]);
    expect((await db.subelements.get(1))?.subgroupid).toBe(3);
  });
});
