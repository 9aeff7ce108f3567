/**
 * Stream tickets (issue 40, item 12; decision 028): the kiosk's token travelled in the event
 * stream's URL (`/stream/1?token=…`, since EventSource cannot set headers) and so into proxy logs.
 * A kiosk now asks for a single-use ticket with its token in a header, then opens the stream with
 * `?ticket=`. The ticket request and the stream may reach different instances behind a load
 * balancer, so the tickets live here, in the database every instance shares:
 * - `ticket_hash`: SHA-256 (hex) of the ticket; the ticket itself is only in the kiosk's hands
 *   (and, for a minute, in a proxy's log line, where it is worth nothing once used);
 * - the identity it stands for (`devid`, `accountid`) and the development's token version when it
 *   was issued, so that revoking the tokens also refuses the tickets not used yet;
 * - `expires_at`, indexed: expired tickets are purged whenever one is issued.
 * A ticket is consumed by deleting its row (one DELETE … RETURNING), so two instances can never
 * both accept it.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–012, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('accountid', 'integer', (col) => col.notNull())
    .addColumn('token_version', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('stream_tickets_expires_at')
    .on('stream_tickets')
    .column('expires_at')
    .execute();
}
