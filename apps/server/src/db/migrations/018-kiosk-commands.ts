/**
 * Remote commands (issue 47, fleet part 2; packages/contract/src/kiosk-commands.ts): one row per
 * command to one totem. A request to a group or to every totem makes one row per totem aimed,
 * tied by `batch_id`, so that each totem's queue, acknowledgement and expiry are its own.
 *
 * A row is the queue entry and the history line at once: `state` moves pending → sent → done or
 * failed (the totem's acknowledgement), or to expired once `expires_at` passes unacknowledged.
 * The queue read — a totem's pending and sent commands not yet expired, oldest first — walks the
 * (devid, kiosk_id, command_id) index. No foreign key to `kiosks`: a totem that logged in but never
 * reported has no `kiosks` row yet and may already be sent a command; forgetting a totem deletes
 * its commands explicitly.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–017, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('kiosk_commands')
    .addColumn('command_id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('batch_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('mode', 'varchar(20)')
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('reason', 'varchar(300)')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(40)')
    .addColumn('acked_at', 'varchar(40)')
    .addColumn('created_by', 'varchar(120)')
    .execute();
  await db.schema
    .createIndex('kiosk_commands_queue')
    .on('kiosk_commands')
    .columns(['devid', 'kiosk_id', 'command_id'])
    .execute();
}
