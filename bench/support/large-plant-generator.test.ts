import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';
import { openTestDatabase } from '../../apps/server/src/testing/test-database.js';
import {
  createRepositories,
  type Repositories,
} from '../../apps/server/src/db/repositories/index.js';
import { generateLargePlant } from './large-plant-generator.js';

let handle: DatabaseHandle;
let repos: Repositories;

beforeAll(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

const count = async (table: 'zones' | 'elements' | 'subelements') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('generateLargePlant', () => {
  it('writes 100 zones × 50 elements × 20 sub-elements in one go', async () => {
    const started = performance.now();
    const result = await generateLargePlant({ repos, devname: 'grande-usine' });
    console.log(
      `large plant (100 000 sub-elements) generated in ${Math.round(performance.now() - started)} ms`,
    );
    expect(result.created).toBe(true);
    expect(result.counts).toEqual({ zones: 100, elements: 5000, subelements: 100_000 });
    expect([await count('zones'), await count('elements'), await count('subelements')]).toEqual([
      100, 5000, 100_000,
    ]);

    const zones = await repos.live.listZones(result.devid);
    expect(new Set(zones.map((zone) => zone.zonename)).size).toBe(100);
    const elements = await repos.live.listElements(zones[42]!.zoneid);
    expect(elements.map((element) => element.order)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const subelements = await repos.live.listSubelements(elements[7]!.elementid);
    expect(subelements.map((sub) => sub.order)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(subelements.map((sub) => sub.type))).toEqual(
      new Set(['image', 'text', 'pdf', 'link']),
    );
    expect(subelements[0]!.value).toMatch(/^media\/images\/[a-z0-9-]+\.svg$/);
  });

  it('leaves an existing development untouched', async () => {
    const before = await count('subelements');
    const again = await generateLargePlant({ repos, devname: 'grande-usine', zones: 3 });
    expect(again.created).toBe(false);
    expect(await count('subelements')).toBe(before);
  });

  it('honours smaller sizes', async () => {
    const small = await generateLargePlant({
      repos,
      devname: 'petite-usine',
      zones: 2,
      elementsPerZone: 3,
      subelementsPerElement: 4,
    });
    expect(small.counts).toEqual({ zones: 2, elements: 6, subelements: 24 });
  });
});
