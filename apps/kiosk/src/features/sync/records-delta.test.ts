import { DEFAULT_SETTINGS, type ContentDelta } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPlant, FakeContentServer } from '../../lib/api/testing/fake-content-server';
import { closeKioskDb, openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';
import { readSettings } from '../../lib/local-db/stored-settings';
import { contentWriteGeneration } from '../../lib/local-db/write-generation';
import { applyDelta, DeltaCountMismatch, deltaMediaItems, validateDelta } from './records-delta';
import { writeRecords } from './records-write';

let counter = 0;
let devname: string;
let db: KioskDb;
let server: FakeContentServer;

/** The delta of a publish that renames zone 1 and drops sub-element 1004. */
function publishDelta(): ContentDelta {
  server.change((p) => {
    p.zones[0]!.zonename = 'Plan v2';
    p.subelements = p.subelements.filter((s) => s.subelementid !== 1004);
  });
  return server.changesSince(1) as ContentDelta;
}

beforeEach(async () => {
  devname = `records-delta-${++counter}`;
  db = openKioskDb(devname);
  server = new FakeContentServer(demoPlant({ devname }));
  await writeRecords(db, structuredClone({ ...server.plant, alertTemplates: [] }));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(devname);
});

describe('validateDelta', () => {
  it('accepts a well-formed delta', () => {
    const delta = publishDelta();
    expect(validateDelta(delta, 7, 1)).toBe(delta);
  });

  it.each<[string, (d: Record<string, unknown>) => void, string]>([
    ['another development', (d) => (d.devid = 8), 'autre développement'],
    ['another starting revision', (d) => (d.from = 0), 'delta (from)'],
    ['a target before the start', (d) => (d.to = 0), 'delta (to)'],
    [
      'a bad id to delete',
      (d) => ((d.deletes as { elements: unknown[] }).elements = [1.5]),
      'deletes.elements',
    ],
    ['a negative count', (d) => ((d.counts as { zones: number }).zones = -1), 'counts.zones'],
    [
      'a missing store',
      (d) => delete (d.deletes as Record<string, unknown>).alertTemplates,
      'deletes.alertTemplates',
    ],
    [
      'a bad template',
      (d) => ((d.puts as { alertTemplates: unknown[] }).alertTemplates = [{}]),
      'alertTemplates',
    ],
    [
      'a bad record',
      (d) => ((d.puts as { zones: unknown[] }).zones = [{ zoneid: 'x' }]),
      'enregistrement',
    ],
    ['settings that are not an object', (d) => (d.settings = 'https://x.test'), 'settings'],
  ])('refuses %s', (_, spoil, message) => {
    const delta = structuredClone(publishDelta()) as unknown as Record<string, unknown>;
    spoil(delta);
    expect(() => validateDelta(delta, 7, 1)).toThrow(message);
  });
});

describe('applyDelta', () => {
  it('deletes, then puts, in one transaction, and bumps the content write generation', async () => {
    const before = contentWriteGeneration(db);
    const counts = await applyDelta(db, publishDelta());

    expect(counts).toEqual({
      zones: 3,
      elements: 4,
      subelements: 4,
      subgroups: 2,
      alertTemplates: 0,
    });
    expect((await db.zones.get(1))?.zonename).toBe('Plan v2');
    expect(await db.subelements.get(1004)).toBeUndefined();
    // Stored with the index copies, like the snapshot's sub-elements.
    expect(await db.subelements.get(1000)).toMatchObject({ fieldlabel: 'titre', subgroupid: 100 });
    expect(contentWriteGeneration(db)).toBe(before + 1);
  });

  it('replaces the settings when the delta carries them, and keeps them otherwise (published settings, decision 017)', async () => {
    const settings = { ...DEFAULT_SETTINGS, websiteUrl: 'https://www.plant.test/' };
    await applyDelta(db, { ...publishDelta(), settings });
    expect(await readSettings(db)).toEqual(settings);
    server.change((p) => {
      p.zones[0]!.zonename = 'Plan v3';
    });
    await applyDelta(db, server.changesSince(2) as ContentDelta);
    expect(await readSettings(db)).toEqual(settings);
  });

  it('rolls the settings back with the records on a count mismatch', async () => {
    const delta = { ...publishDelta(), settings: { ...DEFAULT_SETTINGS, alarmTone: true } };
    delta.counts.subgroups = 3;
    await expect(applyDelta(db, delta)).rejects.toBeInstanceOf(DeltaCountMismatch);
    expect(await readSettings(db)).toEqual(DEFAULT_SETTINGS);
  });

  it('rolls everything back on a count mismatch', async () => {
    const delta = publishDelta();
    delta.counts.subgroups = 3;

    const error = await applyDelta(db, delta).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DeltaCountMismatch);
    expect((error as DeltaCountMismatch).found).toMatchObject({ subgroups: 2 });
    expect((await db.zones.get(1))?.zonename).toBe('Plan du site');
    expect(await db.subelements.get(1004)).toBeDefined();
  });

  it("lists the media of the delta's puts only", () => {
    server.change((p) => {
      p.elements[0]!.value = 'media/images/plan-1-v2.svg';
    });
    const items = deltaMediaItems(server.changesSince(1) as ContentDelta);
    expect(items.map((item) => item.value)).toEqual(['media/images/plan-1-v2.svg']);
  });
});
