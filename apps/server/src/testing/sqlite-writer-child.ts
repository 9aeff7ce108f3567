/**
 * Another process writing the server's SQLite file, for the cross-process test
 * (db/cross-process-writes.test.ts): `rounds` times, the CLI's `revoke-tokens` and `set-password`
 * (each opening the store, which runs the migrations again), then a burst of draft edits made
 * directly in the file as the bench's draft editor does (transactions that read, then write). Prints "round N"
 * after each round; any failure goes to stderr and ends the process with code 1.
 *
 * Usage: node --import tsx sqlite-writer-child.ts DATA_DIR DEVNAME ROUNDS
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../cli.js';

const [dataDir, devname, roundsText] = process.argv.slice(2);
/** Draft edits per round: a burst of commits, as an editor saving field after field. */
const EDITS_PER_ROUND = 25;
if (!dataDir || !devname || !roundsText) {
  console.error('usage: sqlite-writer-child.ts DATA_DIR DEVNAME ROUNDS');
  process.exit(2);
}

async function cli(args: string[]): Promise<void> {
  const err: string[] = [];
  const code = await runCli(args, {
    env: { DATA_DIR: dataDir! },
    cwd: dataDir!,
    out: () => undefined,
    err: (line) => err.push(line),
    fetch: globalThis.fetch,
  });
  if (code !== 0) throw new Error(`${args[0]} exited ${code}: ${err.join('\n')}`);
}

/** Reads an element of the development, then writes it and the draft version: read, then write. */
function editDraft(round: number): void {
  const db = new Database(join(dataDir!, 'kiosk.sqlite'));
  try {
    db.transaction(() => {
      const row = db
        .prepare(
          `SELECT e.elementid FROM elements e JOIN zones z ON z.zoneid = e.zoneid
           JOIN developments d ON d.devid = z.devid WHERE d.devname = ? ORDER BY e.elementid LIMIT 1`,
        )
        .get(devname) as { elementid: number } | undefined;
      if (!row) throw new Error(`no element in ${devname}`);
      db.prepare('UPDATE elements SET value = ?, version = version + 1 WHERE elementid = ?').run(
        `Valeur ${round}`,
        row.elementid,
      );
      db.prepare('UPDATE developments SET draft_version = draft_version + 1 WHERE devname = ?').run(
        devname,
      );
    }).immediate();
  } finally {
    db.close();
  }
}

try {
  for (let round = 1; round <= Number(roundsText); round++) {
    await cli(['revoke-tokens', '--devname', devname]);
    await cli([
      'set-password',
      '--devname',
      devname,
      '--login',
      'writer',
      '--password',
      `pw-${round}`,
    ]);
    for (let edit = 0; edit < EDITS_PER_ROUND; edit++) editDraft(round * EDITS_PER_ROUND + edit);
    console.log(`round ${round}`);
  }
} catch (error) {
  console.error((error as Error).stack ?? String(error));
  process.exitCode = 1;
}
