/**
 * Full sizes for `npm run bench`, tiny ones for its smoke run (`npm run bench -- --smoke`, which
 * `npm test` runs): the smoke run proves that every suite still runs end to end and produces every
 * figure — a change that breaks a benchmark fails CI — without measuring anything worth reading.
 * Read once at start: scripts/bench.mjs sets BENCH_SMOKE before the suites load.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` for a real run, `smoke` for the smoke run. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** The generated large plant: 100 zones × 50 elements × 20 sub-elements (a smoke run: 3 × 4 × 5). */
export const LARGE_PLANT_SIZE = sized(
  { zones: 100, elementsPerZone: 50, subelementsPerElement: 20 },
  { zones: 3, elementsPerZone: 4, subelementsPerElement: 5 },
);
