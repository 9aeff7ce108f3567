/**
 * Single-use tickets that open a kiosk's event stream (decision 028), in the database every
 * instance shares: a ticket issued by one instance opens the stream on another, once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface StreamTicketRecord {
  devid: number;
  accountid: number;
  tokenVersion: number;
  expiresAt: Date;
  /** The totem of the ticket's token (issue 47); undefined for an id-less token. */
  kioskId?: string;
}

export class StreamTicketRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a ticket (by its hash), purging the expired ones on the way. */
  async create(hash: string, ticket: StreamTicketRecord, now: Date): Promise<void> {
    await this.deleteExpired(now);
    await this.db
      .insertInto('stream_tickets')
      .values({
        ticket_hash: hash,
        devid: ticket.devid,
        accountid: ticket.accountid,
        token_version: ticket.tokenVersion,
        expires_at: ticket.expiresAt.toISOString(),
        kiosk_id: ticket.kioskId ?? null,
      })
      .execute();
  }

  /**
   * Takes a ticket out of the store and answers what it stood for; undefined when no such ticket
   * is there (never issued, or already used). One statement, so that of two instances asked with
   * the same ticket at the same moment, only one gets it. Expiry is the caller's to check.
   */
  async consume(hash: string): Promise<StreamTicketRecord | undefined> {
    const row = await this.db
      .deleteFrom('stream_tickets')
      .where('ticket_hash', '=', hash)
      .returning(['devid', 'accountid', 'token_version', 'expires_at', 'kiosk_id'])
      .executeTakeFirst();
    return row
      ? {
          devid: row.devid,
          accountid: row.accountid,
          tokenVersion: row.token_version,
          expiresAt: new Date(row.expires_at),
          ...(row.kiosk_id === null ? {} : { kioskId: row.kiosk_id }),
        }
      : undefined;
  }

  /** Tickets stored, expired or not (tests: the purge). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('stream_tickets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db
      .deleteFrom('stream_tickets')
      .where('expires_at', '<=', now.toISOString())
      .execute();
  }
}
