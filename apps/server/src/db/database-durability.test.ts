/**
 * Outside-probe hardening / decision 013: an acknowledged back-office save or publish must survive
 * a power cut, not only a killed process. SQLite runs in WAL mode with synchronous=FULL: every
 * commit is fsynced to the WAL before it is acknowledged. A power cut cannot be tested here; what
 * can be is that every connection the server opens has the settings (a file store, as in
 * production).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';

let dir: string | undefined;
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('SQLite durability settings', () => {
  it('opens a file store in WAL mode with synchronous=FULL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-durability-'));
    handle = await openDatabase({ url: join(dir, 'kiosk.db') });
    const { rows: journal } = await sql<{
      journal_mode: string;
    }>`pragma journal_mode`.execute(handle.db);
    const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(
      handle.db,
    );
    expect(journal[0]?.journal_mode).toBe('wal');
    // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA).
    expect(sync[0]?.synchronous).toBe(2);
  });
});
