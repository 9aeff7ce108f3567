import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { importFirstStartContent } from './first-start-content.js';
import { PackError } from './pack-error.js';
import { buildPack, sampleContent } from '../testing/pack-builder.js';
import { openTestDatabase } from '../testing/test-database.js';

const NOW = new Date('2026-12-01T09:00:00.000Z');

describe('the first start content', () => {
  let handle: DatabaseHandle;
  let repos: Repositories;
  let dir: string;
  let pack: string;
  const start = (file = pack) =>
    importFirstStartContent({
      repos,
      mediaDir: join(dir, 'media'),
      pack: file,
      devname: 'neubourg',
      login: 'kiosk',
      password: 'kiosk',
      now: () => NOW,
    });

  beforeEach(async () => {
    handle = await openTestDatabase();
    repos = createRepositories(handle.db);
    dir = mkdtempSync(join(tmpdir(), 'first-start-'));
    mkdirSync(join(dir, 'pack', 'fixtures', 'pdf'), { recursive: true });
    pack = join(dir, 'pack', 'plant.zip');
    writeFileSync(pack, await buildPack({ content: { ...sampleContent(), setting: [] } }));
    writeFileSync(join(dir, 'pack', 'fixtures', 'pdf', 'sample.pdf'), '%PDF-1.7\n%%EOF\n');
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the pack as a new development published as revision 1, dates shifted, fixtures placed', async () => {
    const outcome = await start();
    expect(outcome.imported).toBe(true);
    if (!outcome.imported) return;
    expect(outcome.revision).toBe(1);
    const development = await repos.developments.findByName('neubourg');
    expect(development?.content_version).toBe(1);
    // Published: the totems' content holds the pack's zones, not only the draft.
    const zones = await repos.live.listZones(outcome.result.devid);
    expect(zones.map((zone) => zone.zonename).sort()).toEqual(['Plan du site', 'Produits']);
    const [element] = await repos.live.listElements(zones.find((z) => z.type === 'images')!.zoneid);
    // The sample's dates are a week before its reference time; so they are, before today's.
    expect(Date.parse(element!.addingdate!)).toBeLessThan(NOW.getTime());
    expect(Date.parse(element!.addingdate!)).toBeGreaterThan(NOW.getTime() - 30 * 86_400_000);
    expect(await repos.accounts.findKioskAccount(outcome.result.devid, 'kiosk')).toBeDefined();
    expect(readFileSync(join(dir, 'media', 'pdf', 'sample.pdf'), 'utf8')).toContain('%PDF');
  });

  it('reads a format 1 pack, whose settings had no time zone, as Europe/Paris', async () => {
    const { timeZone: _absent, ...older } = {
      ...DEFAULT_SETTINGS,
      websiteUrl: 'https://example.test/',
    };
    writeFileSync(
      pack,
      await buildPack({
        content: {
          ...sampleContent(),
          setting: [{ settingid: 70, settings: JSON.stringify(older) }],
        },
        manifest: (manifest) => ({ ...manifest, formatVersion: 1 }),
      }),
    );
    const outcome = await start();
    if (!outcome.imported) throw new Error(`not imported: ${outcome.reason}`);
    const settings = await repos.settings.live(outcome.result.devid);
    expect(settings).toMatchObject({
      websiteUrl: 'https://example.test/',
      timeZone: 'Europe/Paris',
    });
  });

  it('does nothing when the development exists', async () => {
    await start();
    expect(await start()).toEqual({ imported: false, reason: 'present' });
  });

  it('starts empty without a pack', async () => {
    expect(await start(join(dir, 'none.zip'))).toEqual({ imported: false, reason: 'no-pack' });
    expect(await repos.developments.findByName('neubourg')).toBeUndefined();
  });

  it('refuses a hostile pack with its reasons and writes nothing', async () => {
    writeFileSync(
      pack,
      await buildPack({
        content: { ...sampleContent(), setting: [] },
        manifest: (manifest) => ({ ...manifest, formatVersion: 99 }),
      }),
    );
    const refusal = await start().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PackError);
    expect((refusal as PackError).reasons.join(' ')).toMatch(/99/);
    expect(await repos.developments.findByName('neubourg')).toBeUndefined();
  });
});
