/**
 * Edits the draft of a bench server's SQLite store directly, as a back-office save would (the
 * rows, their versions and the development's draft version), so that the next publish has
 * something to publish, and publishes it through the server's publish call. SQLite in WAL mode
 * lets this process write while the server reads.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathOf } from '@plant-kiosk/contract';
import Database from 'better-sqlite3';
import { BENCH_PUBLISH_TOKEN } from './processes.js';

/** A tiny picture, for the files the generated large plant names but never writes. */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';

function withStore<T>(dataDir: string, work: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'kiosk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => work(db)).immediate();
  } finally {
    db.close();
  }
}

/**
 * Changes one element of the development (its adding date: content, not media). The publish checks
 * (rollback and publish checks, decision 014) refuse a changed item whose picture is not on the
 * server, and the generated large plant names files it never writes: the edited element's file is
 * put in place first, as a plant's would be.
 */
export function editOneElement(dataDir: string, devid: number, stamp: number): void {
  withStore(dataDir, (db) => {
    const row = db
      .prepare(
        `SELECT e.value FROM elements e JOIN zones z ON z.zoneid = e.zoneid
         WHERE z.devid = ? ORDER BY e.elementid LIMIT 1`,
      )
      .get(devid) as { value: string } | undefined;
    if (row?.value.startsWith('media/')) {
      const file = join(dataDir, row.value);
      if (!existsSync(file)) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, PLACEHOLDER_SVG);
      }
    }
    db.prepare(
      `UPDATE elements SET addingdate = ?, version = version + 1 WHERE elementid =
         (SELECT min(e.elementid) FROM elements e JOIN zones z ON z.zoneid = e.zoneid
          WHERE z.devid = ?)`,
    ).run(new Date(Date.UTC(2026, 0, 1) + stamp * 1000).toISOString(), devid);
    db.prepare('UPDATE developments SET draft_version = draft_version + 1 WHERE devid = ?').run(
      devid,
    );
  });
}

/** Changes every sub-element of the development's first zone; returns how many. */
export function editOneZone(dataDir: string, devid: number, stamp: number): number {
  return withStore(dataDir, (db) => {
    const { changes } = db
      .prepare(
        `UPDATE subelements SET value = ?, version = version + 1 WHERE elementid IN
           (SELECT e.elementid FROM elements e WHERE e.zoneid =
              (SELECT min(zoneid) FROM zones WHERE devid = ?))`,
      )
      .run(`Valeur ${stamp}`, devid);
    db.prepare('UPDATE developments SET draft_version = draft_version + 1 WHERE devid = ?').run(
      devid,
    );
    return changes;
  });
}

/**
 * Publishes the draft through the server's publish call (as the back-office's publish button
 * ends up doing: a new revision, the change log, a `sync` message to every kiosk's stream); checks
 * that it made a revision (or did not) as the caller expects, and returns that revision.
 */
export async function publishDraft(
  base: string,
  devid: number,
  expectCreated = true,
): Promise<number> {
  const response = await fetch(`${base}${pathOf('publish', { params: { devid } })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'sync' }),
  });
  if (!response.ok) throw new Error(`publish: HTTP ${response.status}`);
  const { data } = (await response.json()) as { data: { created: boolean; revision: number } };
  if (data.created !== expectCreated) {
    throw new Error(`publish: revision ${data.revision} created=${data.created}`);
  }
  return data.revision;
}
