/**
 * Each totem's own identity (issue 47, part 1): any holder of a development's kiosk password could
 * speak for any totem (acknowledge an alert as another, invent totems, fill the fleet bound). The
 * server now names each totem itself at login and binds the token it issues to that name:
 * - `kiosk_identities`: one row per (development, kiosk id) the server handed out (or bound an
 *   older, id-less token to), with `created_at`, `origin` ('login' | 'upgrade') and `seen_at`, set
 *   the first time the totem reports with its own token (heartbeat or stream). A row never seen
 *   within a day of its login is swept; forgetting a totem deletes its row, which refuses its
 *   token (401) at once;
 * - `stream_tickets.kiosk_id`: the identity of the token a ticket was issued for, so that the
 *   stream it opens speaks for that totem only (null: an id-less token's ticket).
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–015, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_identities')
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('kiosk_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('origin', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('seen_at', 'varchar(40)')
    .addPrimaryKeyConstraint('kiosk_identities_pk', ['devid', 'kiosk_id'])
    .execute();
  await db.schema
    .createIndex('kiosk_identities_unseen')
    .on('kiosk_identities')
    .columns(['seen_at', 'created_at'])
    .execute();
  await db.schema.alterTable('stream_tickets').addColumn('kiosk_id', 'varchar(64)').execute();
}
