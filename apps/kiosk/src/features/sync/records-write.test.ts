import { DEFAULT_SETTINGS, type AlertTemplate } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPlant } from '../../lib/api/testing/fake-content-server';
import { closeKioskDb, openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';
import { readSettings } from '../../lib/local-db/stored-settings';
import type { SyncRecords } from './records-validate';
import { countRecords, sameCounts, writeRecords } from './records-write';

let counter = 0;
let devname: string;
let db: KioskDb;

beforeEach(() => {
  devname = `write-${++counter}`;
  db = openKioskDb(devname);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(devname);
});

const template: AlertTemplate = {
  templateid: 7,
  name: 'Évacuation',
  kind: 'evacuation',
  titleFr: 'Évacuation',
  titleEn: 'Evacuation',
  instructionsFr: 'Sortez.',
  instructionsEn: 'Get out.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
  maxDurationMinutes: 120,
};

function records(): SyncRecords {
  const { zones, elements, subelements, subgroups } = demoPlant();
  return { zones, elements, subelements, subgroups, alertTemplates: [template] };
}

/** Everything in the five stores, sorted. */
async function dump() {
  return {
    zones: await db.zones.orderBy('zoneid').toArray(),
    elements: await db.elements.orderBy('elementid').toArray(),
    subelements: await db.subelements.orderBy('subelementid').toArray(),
    subgroups: await db.subgroups.orderBy('subgroupid').toArray(),
    alertTemplates: await db.alertTemplates.orderBy('templateid').toArray(),
  };
}

describe('writeRecords', () => {
  it('fills the stores, indexing sub-elements by field label, and answers the counts', async () => {
    const counts = await writeRecords(db, records());

    expect(counts).toEqual({ zones: 3, elements: 4, subelements: 5, subgroups: 2 });
    expect(await countRecords(db)).toEqual(counts);
    expect(await db.subelements.where('fieldlabel').equals('titre').primaryKeys()).toEqual([
      1000, 1002,
    ]);
    expect(await db.alertTemplates.toArray()).toEqual([template]);
  });

  it('replaces the previous records: nothing of the old content is left', async () => {
    await writeRecords(db, records());
    const next = records();
    next.zones = next.zones.filter((zone) => zone.zoneid !== 3);
    next.elements = next.elements.filter((element) => element.zoneid !== 3);
    next.alertTemplates = [];

    const counts = await writeRecords(db, next);

    expect(counts).toMatchObject({ zones: 2, elements: 3 });
    expect(await db.zones.get(3)).toBeUndefined();
    expect(await db.alertTemplates.count()).toBe(0);
  });

  it('keeps the alert templates when the records do not carry them (crawl, older server)', async () => {
    await writeRecords(db, records());
    const { alertTemplates: _templates, ...withoutTemplates } = records();
    await writeRecords(db, withoutTemplates);
    expect(await db.alertTemplates.toArray()).toEqual([template]);
  });

  describe('atomicity', () => {
    const changed = () => {
      const next = records();
      next.zones[0]!.zonename = 'Nouveau plan';
      next.alertTemplates = [{ ...template, name: 'Autre' }];
      return next;
    };

    it('leaves the old records when a put fails mid-transaction (quota)', async () => {
      await writeRecords(db, records());
      const before = await dump();
      // The templates, zones, elements and sub-elements are already rewritten when this throws.
      vi.spyOn(db.subgroups, 'bulkPut').mockImplementation(() => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      });

      await expect(writeRecords(db, changed())).rejects.toMatchObject({
        name: 'QuotaExceededError',
      });
      vi.restoreAllMocks();
      expect(await dump()).toEqual(before);
    });

    it('leaves the old records when the transaction fails after every put', async () => {
      await writeRecords(db, records());
      const before = await dump();
      vi.spyOn(db.subgroups, 'count').mockRejectedValue(new Error('count failed'));

      await expect(writeRecords(db, changed())).rejects.toThrow('count failed');
      vi.restoreAllMocks();
      expect(await dump()).toEqual(before);
    });

    it('writes nothing into an empty database when the transaction fails', async () => {
      vi.spyOn(db.elements, 'bulkPut').mockRejectedValue(new Error('disk'));
      await expect(writeRecords(db, records())).rejects.toThrow('disk');
      vi.restoreAllMocks();
      expect(await countRecords(db)).toEqual({
        zones: 0,
        elements: 0,
        subelements: 0,
        subgroups: 0,
      });
      expect(await db.alertTemplates.count()).toBe(0);
    });
  });
});

describe('the development settings (published settings, decision 017)', () => {
  const published = {
    ...DEFAULT_SETTINGS,
    suggestionFormUrl: 'https://forms.plant.test/idees',
    idleCounterSeconds: 120,
    idleCounterResetSeconds: 60,
  };

  it('are written with the records of their revision and read back', async () => {
    expect(await readSettings(db)).toEqual(DEFAULT_SETTINGS);
    await writeRecords(db, { ...records(), settings: published });
    expect(await readSettings(db)).toEqual(published);
  });

  it('are kept when the records come without them (a crawl, an older server)', async () => {
    await writeRecords(db, { ...records(), settings: published });
    await writeRecords(db, records());
    expect(await readSettings(db)).toEqual(published);
  });

  it('are not written when the records fail: content and settings stay of one revision', async () => {
    await writeRecords(db, { ...records(), settings: published });
    vi.spyOn(db.elements, 'bulkPut').mockRejectedValue(new Error('disk'));
    await expect(
      writeRecords(db, { ...records(), settings: { ...published, idleCounterSeconds: 60 } }),
    ).rejects.toThrow('disk');
    vi.restoreAllMocks();
    expect(await readSettings(db)).toEqual(published);
  });

  it('take their defaults field by field when a stored copy is wrong', async () => {
    await writeRecords(db, {
      ...records(),
      settings: { websiteUrl: 'javascript:alert(1)', idleCounterSeconds: 'soon', alarmTone: true },
    });
    expect(await readSettings(db)).toEqual({ ...DEFAULT_SETTINGS, alarmTone: true });
  });
});

describe('sameCounts', () => {
  const counts = { zones: 3, elements: 4, subelements: 5, subgroups: 2 };

  it('is true only for equal counts', () => {
    expect(sameCounts({ ...counts }, counts)).toBe(true);
    expect(sameCounts(null, counts)).toBe(false);
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) {
      expect(sameCounts({ ...counts, [key]: counts[key] + 1 }, counts)).toBe(false);
    }
  });
});
