/**
 * The generated large plant (support/sizes.ts: 100 zones × 50 elements × 20 sub-elements, 105,100
 * records) with a kiosk account, written into a bench data directory before its server starts.
 * The generation runs in a child process (prepare-large-plant.ts), which opens the database with
 * the server's own code.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './processes.js';

/** The large plant's development and kiosk account. */
export const LARGE_PLANT_ACCOUNT = {
  devname: 'grande-usine',
  login: 'kiosk',
  password: 'kiosk-large',
} as const;

/** Writes the large plant into `dataDir`; returns its devid and the generation's time. */
export function prepareLargePlant(dataDir: string): { devid: number; ms: number } {
  const output = execFileSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      join(import.meta.dirname, 'prepare-large-plant.ts'),
      dataDir,
      LARGE_PLANT_ACCOUNT.devname,
      LARGE_PLANT_ACCOUNT.login,
      LARGE_PLANT_ACCOUNT.password,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as { devid: number; ms: number };
}
