import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema.js';
import * as initial from './001-initial.js';
import * as admin from './002-admin.js';
import * as publishRights from './006-publish-rights.js';

describe('migration 006 (publish rights)', () => {
  it('keeps the right every existing editor had; editors created afterwards start without it', async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    try {
      await initial.up(db);
      await admin.up(db);
      const user = (username: string, role: string) => ({
        username,
        password_hash: 'h',
        password_salt: 's',
        role,
        created_at: '2026-01-01T00:00:00.000Z',
      });
      // Written before 006 exists: no can_publish column yet.
      await db
        .withTables<{ admin_users: ReturnType<typeof user> }>()
        .insertInto('admin_users')
        .values([user('admin', 'admin'), user('camille', 'editor')])
        .execute();

      await publishRights.up(db);

      const rows = await db
        .selectFrom('admin_users')
        .select(['username', 'can_publish'])
        .orderBy('userid')
        .execute();
      expect(rows).toEqual([
        { username: 'admin', can_publish: 1 },
        { username: 'camille', can_publish: 1 },
      ]);
      const later = await db
        .insertInto('admin_users')
        .values(user('dominique', 'editor'))
        .returning('can_publish')
        .executeTakeFirstOrThrow();
      expect(later.can_publish).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
