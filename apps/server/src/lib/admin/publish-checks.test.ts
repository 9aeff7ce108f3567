import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { createRepositories, type Repositories } from '../../db/repositories/index.js';
import { seedDemoPlant } from '../../seed/index.js';
import { openTestDatabase } from '../../test-support/test-database.js';
import { TEST_SCRYPT_COST } from '../passwords.js';
import { assertPublishable, checkContent, isMediaValue } from './publish-checks.js';

describe('publish checks', () => {
  it('recognises media values, with or without the leading slash', () => {
    expect(isMediaValue('media/uploads/1/a.webp')).toBe(true);
    expect(isMediaValue('/media/images/a.png')).toBe(true);
    expect(isMediaValue('pdf/uploads/1/a.pdf')).toBe(true);
    expect(isMediaValue('Texte libre')).toBe(false);
    expect(isMediaValue('https://exemple.fr/media/a.png')).toBe(false);
  });

  it('looks only at the items a publish writes, when told which', () => {
    const content = {
      zone: [{ zoneid: 1, zonename: 'Menu' }],
      element: [
        { elementid: 1, zoneid: 1, value: 'media/images/absent.svg' },
        { elementid: 2, zoneid: 1, value: 'media/images/absent-aussi.svg' },
      ],
      subgroup: [],
      subelement: [],
    };
    const all = checkContent({ content, mediaValues: new Set(), models: new Map() });
    expect(all.map((problem) => problem.elementid)).toEqual([1, 2]);
    const one = checkContent({
      content,
      mediaValues: new Set(),
      models: new Map(),
      touched: new Set(['element:2']),
    });
    expect(one.map((problem) => problem.elementid)).toEqual([2]);
  });
});

describe('the demo seed', () => {
  let handle: DatabaseHandle;
  let repos: Repositories;
  let mediaDir: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    repos = createRepositories(handle.db);
    mediaDir = mkdtempSync(join(tmpdir(), 'publish-checks-'));
  });
  afterAll(async () => {
    await handle.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('passes every check, on every item (not only what a publish would write)', async () => {
    const { devid } = await seedDemoPlant({
      repos,
      mediaDir,
      devname: 'neubourg',
      login: 'kiosk',
      password: 'kiosk',
      now: new Date('2026-11-18T10:00:00.000Z'),
      scryptCost: TEST_SCRYPT_COST,
    });
    // Without the files on disk: the library's table alone must name every file.
    await repos.content.transaction((trx) => assertPublishable(trx, devid));
  });
});
