/**
 * Kiosk accounts for simulated fleets (prepare-fleet-developments.ts, in a child process: it opens
 * the store with the server's own code, as large-plant.ts does): ten small developments for the
 * stream-scale suite, or one more account on the demo plant for the publish-to-screen suites.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './processes.js';

/** Every fleet account's login and password (the demo plant's own account is another). */
export const FLEET_ACCOUNT = { login: 'flotte', password: 'kiosk-fleet' } as const;

export interface FleetDevelopment {
  devid: number;
  devname: string;
}

/** The store of a bench data directory without DATABASE_URL. */
export const sqliteStoreOf = (dataDir: string) => join(dataDir, 'kiosk.sqlite');

function prepare(args: string[]): FleetDevelopment[] {
  const output = execFileSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      join(import.meta.dirname, 'prepare-fleet-developments.ts'),
      ...args,
      FLEET_ACCOUNT.login,
      FLEET_ACCOUNT.password,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as FleetDevelopment[];
}

/** Writes `count` developments into the store at `databaseUrl`; returns them in order. */
export const prepareFleetDevelopments = (databaseUrl: string, count: number) =>
  prepare(['create', databaseUrl, String(count)]);

/**
 * Adds the fleet account (FLEET_ACCOUNT) to the development `devname` of the store at
 * `databaseUrl` — its totems then log in at the tests' scrypt cost.
 */
export const addFleetAccount = (databaseUrl: string, devname: string) =>
  prepare(['account', databaseUrl, devname])[0]!;
