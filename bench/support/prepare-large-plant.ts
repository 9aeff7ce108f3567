/**
 * Writes the large generated plant (100 zones × 50 elements × 20 sub-elements by default) and a
 * kiosk account for it into a data directory's SQLite database, before the server starts on it.
 * Run with tsx: `tsx bench/support/prepare-large-plant.ts <dataDir> <devname> <login> <password>`.
 */
import { join } from 'node:path';
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { createRepositories } from '../../apps/server/src/db/repositories/index.js';
import { hashClientPassword } from '../../apps/server/src/lib/passwords.js';
import { generateLargePlant } from './large-plant-generator.js';
import { LARGE_PLANT_SIZE } from './sizes.js';

const [dataDir, devname, login, password] = process.argv.slice(2);
if (!dataDir || !devname || !login || !password) {
  console.error('usage: prepare-large-plant.ts <dataDir> <devname> <login> <password>');
  process.exit(2);
}
const handle = await openDatabase({ url: join(dataDir, 'kiosk.sqlite') });
const repos = createRepositories(handle.db);
const started = performance.now();
const { devid } = await generateLargePlant({ repos, devname, ...LARGE_PLANT_SIZE });
const { hash, salt } = await hashClientPassword(hashPasswordForLogin(password));
await repos.accounts.createKioskAccount({ devid, login, passwordHash: hash, passwordSalt: salt });
await handle.close();
console.log(JSON.stringify({ devid, ms: Math.round(performance.now() - started) }));
