import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema.js';
import * as initial from './001-initial.js';
import * as admin from './002-admin.js';

describe('migration 002 (back-office)', () => {
  it('upgrades a database with content: sub-elements get version 1, admin tables appear', async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    try {
      await initial.up(db);
      const { devid } = await db
        .insertInto('developments')
        .values({ devname: 'neubourg', created_at: '2026-01-01T00:00:00.000Z' })
        .returning('devid')
        .executeTakeFirstOrThrow();
      const { zoneid } = await db
        .insertInto('zones')
        .values({ devid, zonename: 'Menu', type: 'images', checklist: 0 })
        .returning('zoneid')
        .executeTakeFirstOrThrow();
      const { elementid } = await db
        .insertInto('elements')
        .values({
          zoneid,
          order: 1,
          value: 'x',
          type: 'text',
          addingdate: '2026-01-01T00:00:00.000Z',
        })
        .returning('elementid')
        .executeTakeFirstOrThrow();
      // Written before 002 exists: no version column yet.
      await db
        .withTables<{
          subelements: { elementid: number; order: number; value: string; type: string };
        }>()
        .insertInto('subelements')
        .values({ elementid, order: 1, value: 'note', type: 'text' })
        .execute();

      await admin.up(db);

      const sub = await db.selectFrom('subelements').selectAll().executeTakeFirstOrThrow();
      expect(sub.version).toBe(1);
      const user = await db
        .insertInto('admin_users')
        .values({
          username: 'admin',
          password_hash: 'h',
          password_salt: 's',
          role: 'admin',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      expect(user.disabled).toBe(0);
      await expect(
        db
          .insertInto('admin_users')
          .values({
            username: 'admin',
            password_hash: 'h',
            password_salt: 's',
            role: 'editor',
            created_at: 'x',
          })
          .execute(),
      ).rejects.toThrow(/UNIQUE/);
      await db
        .insertInto('admin_user_developments')
        .values({ userid: user.userid, devid })
        .execute();
      await expect(
        db.insertInto('admin_user_developments').values({ userid: user.userid, devid }).execute(),
      ).rejects.toThrow();
      await db
        .insertInto('audit_log')
        .values({
          at: 'x',
          userid: null,
          username: null,
          devid: 999,
          action: 'a',
          target_type: null,
          target_id: null,
          summary: '{}',
        })
        .execute();
      expect(await db.selectFrom('audit_log').select('devid').execute()).toEqual([{ devid: 999 }]);
    } finally {
      await db.destroy();
    }
  });
});
