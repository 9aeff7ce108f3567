/**
 * Opens the store: SQLite (better-sqlite3, WAL) by default, PostgreSQL when DATABASE_URL says so.
 * Everything above this file talks to Kysely only, so repositories are dialect-agnostic.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, type Migration } from 'kysely';
import pg from 'pg';
import * as initial from './migrations/001-initial.js';
import * as admin from './migrations/002-admin.js';
import * as mediaFleet from './migrations/003-media-fleet.js';
import * as publishedContent from './migrations/004-published-content.js';
import * as alerts from './migrations/005-alerts.js';
import * as publishRights from './migrations/006-publish-rights.js';
import * as settings from './migrations/007-settings.js';
import * as alertAcks from './migrations/008-alert-acks.js';
import * as contentLanguage from './migrations/009-content-language.js';
import * as alertTemplateVersions from './migrations/010-alert-template-versions.js';
import * as kioskMedia from './migrations/011-kiosk-media.js';
import * as auditRepeats from './migrations/012-audit-repeats.js';
import * as streamTickets from './migrations/013-stream-tickets.js';
import * as mediaIntegrity from './migrations/014-media-integrity.js';
import * as changeSets from './migrations/015-change-sets.js';
import * as kioskIdentities from './migrations/016-kiosk-identities.js';
import * as kioskProfiles from './migrations/017-kiosk-profiles.js';
import * as kioskCommands from './migrations/018-kiosk-commands.js';
import * as kioskPlanMarks from './migrations/019-kiosk-plan-marks.js';
import * as health from './migrations/020-health.js';
import * as notifications from './migrations/021-notifications.js';
import * as kioskThumbnails from './migrations/022-kiosk-thumbnails.js';
import * as usageEvents from './migrations/023-usage-events.js';
import * as usageRollups from './migrations/024-usage-rollups.js';
import * as capAlerts from './migrations/025-cap-alerts.js';
import * as sso from './migrations/026-sso.js';
import * as fourEyes from './migrations/027-four-eyes.js';
import * as textAlternatives from './migrations/028-text-alternatives.js';
import * as screenHeights from './migrations/029-screen-heights.js';
import * as storagePersisted from './migrations/030-storage-persisted.js';
import * as totemWatchdog from './migrations/031-totem-watchdog.js';
import * as watchdogScreen from './migrations/032-watchdog-screen.js';
import { CurrentSchemaPostgresDialect } from './postgres-schema-dialect.js';
import type { Database } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-immediate-dialect.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * PostgreSQL only: where the store lives, for what needs its own connection (the LISTEN/NOTIFY
   * event bus) and must stay within the same schema (its channel is named after it).
   */
  postgres?: { connectionString: string; schema: string };
  /**
   * Runs `work` while holding the store's startup lock: instances starting together on an empty
   * PostgreSQL store must not all seed it. SQLite (one process) just runs it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * `postgres://…` for PostgreSQL; otherwise a SQLite file path or ':memory:'. A PostgreSQL URL may
   * pick its schema with `?options=-c%20search_path%3D<schema>` (the schema must exist).
   */
  url: string;
  /** PostgreSQL pool size (default 10); tests open many small stores side by side. */
  poolSize?: number;
}

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/**
 * pg returns int8 (what count(*), sum() and bigint columns produce) as strings, because not every
 * int8 fits a JS number. Ours are counts and ids far below 2^53: take them as numbers, so that
 * repositories see the same types as with SQLite. Per pool, not pg's global parsers.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Migrations are imported statically so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-admin': admin,
  '003-media-fleet': mediaFleet,
  '004-published-content': publishedContent,
  '005-alerts': alerts,
  '006-publish-rights': publishRights,
  '007-settings': settings,
  '008-alert-acks': alertAcks,
  '009-content-language': contentLanguage,
  '010-alert-template-versions': alertTemplateVersions,
  '011-kiosk-media': kioskMedia,
  '012-audit-repeats': auditRepeats,
  '013-stream-tickets': streamTickets,
  '014-media-integrity': mediaIntegrity,
  '015-change-sets': changeSets,
  '016-kiosk-identities': kioskIdentities,
  '017-kiosk-profiles': kioskProfiles,
  '018-kiosk-commands': kioskCommands,
  '019-kiosk-plan-marks': kioskPlanMarks,
  '020-health': health,
  '021-notifications': notifications,
  '022-kiosk-thumbnails': kioskThumbnails,
  '023-usage-events': usageEvents,
  '024-usage-rollups': usageRollups,
  '025-cap-alerts': capAlerts,
  '026-sso': sso,
  '027-four-eyes': fourEyes,
  '028-text-alternatives': textAlternatives,
  '029-screen-heights': screenHeights,
  '030-storage-persisted': storagePersisted,
  '031-totem-watchdog': totemWatchdog,
  '032-watchdog-screen': watchdogScreen,
};

export async function openDatabase({ url, poolSize }: DatabaseOptions): Promise<DatabaseHandle> {
  if (isPostgresUrl(url)) return openPostgres(url, poolSize);
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  // FULL, not NORMAL: in WAL mode NORMAL survives a killed process but may lose the last commits
  // to a power cut; FULL fsyncs the WAL on every commit, so an acknowledged save or publish is on
  // disk. Cost and alternatives: docs/decisions/013-power-loss.md.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  await migrate(db);
  return { db, dialect: 'sqlite', exclusive: (work) => work(), close: () => db.destroy() };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle connection that the server drops emits 'error' on the pool; unhandled, that would end
  // the process. The pool discards that connection and the next query opens a fresh one.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  try {
    const { rows } = await sql<{
      schema: string | null;
    }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema;
    if (!schema) {
      throw new Error(
        'PostgreSQL: no schema to work in (the search_path of DATABASE_URL names no existing schema)',
      );
    }
    await migrate(db, schema);
    return {
      db,
      dialect: 'postgres',
      postgres: { connectionString: url, schema },
      exclusive: (work) => withAdvisoryLock(db, `plant-kiosk-startup:${schema}`, work),
      close: () => db.destroy(),
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** A session-level advisory lock, held on one pooled connection while `work` runs on the others. */
function withAdvisoryLock<T>(db: Kysely<Database>, name: string, work: () => Promise<T>) {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}

async function migrate(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // PostgreSQL: Kysely looks for its migration table in every schema it can see unless told
    // which one; another store's table (another schema of the same database) would then be taken
    // for ours. So name the store's own schema.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
