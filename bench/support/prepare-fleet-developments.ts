/**
 * Kiosk accounts for simulated fleets, written with the server's own code into a bench store
 * (SQLite file or PostgreSQL URL), before or while its server runs:
 * - `create <databaseUrl> <count> <login> <password>`: `count` small developments (`flotte-01`,
 *   `flotte-02`, …), each with a kiosk account and a published (empty) revision — the
 *   stream-scale suite's plants, each holding up to the per-development bound of totems;
 * - `account <databaseUrl> <devname> <login> <password>`: one more kiosk account on an existing
 *   development (the demo plant), for the fleet that the publish-to-screen suites log in.
 * Prints the developments as JSON. Run with tsx (support/fleet-developments.ts does).
 *
 * The passwords are stored at the tests' cheap scrypt cost (the stored hash names its cost, and
 * the server verifies at that cost): the suites log in hundreds to ten thousand totems, which at
 * the production cost (~0.6 s of scrypt each here) would take from minutes to most of an hour and
 * measure nothing they are about. login-flood measures the production cost.
 */
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { createRepositories } from '../../apps/server/src/db/repositories/index.js';
import { hashClientPassword, TEST_SCRYPT_COST } from '../../apps/server/src/lib/passwords.js';

const [command, url, what, login, password] = process.argv.slice(2);
const count = Number(what);
const usable =
  url && login && password && (command === 'account' || (command === 'create' && count >= 1));
if (!usable) {
  console.error(
    'usage: prepare-fleet-developments.ts create <databaseUrl> <count> <login> <password>\n' +
      '       prepare-fleet-developments.ts account <databaseUrl> <devname> <login> <password>',
  );
  process.exit(2);
}
const handle = await openDatabase({ url });
const repos = createRepositories(handle.db);
const now = new Date();
const addAccount = async (devid: number) => {
  const { hash, salt } = await hashClientPassword(hashPasswordForLogin(password), TEST_SCRYPT_COST);
  await repos.accounts.createKioskAccount({ devid, login, passwordHash: hash, passwordSalt: salt });
};
const developments: { devid: number; devname: string }[] = [];
if (command === 'account') {
  const development = await repos.developments.findByName(what!);
  if (!development) throw new Error(`no development named ${what}`);
  await addAccount(development.devid);
  developments.push({ devid: development.devid, devname: what! });
} else {
  for (let n = 1; n <= count; n++) {
    const devname = `flotte-${String(n).padStart(2, '0')}`;
    const { devid } = await repos.developments.create(devname, now);
    await addAccount(devid);
    await repos.revisions.publishDraft(devid, {
      author: { kind: 'system', name: 'bench', userid: null },
      source: 'seed',
      now,
    });
    developments.push({ devid, devname });
  }
}
await handle.close();
console.log(JSON.stringify(developments));
