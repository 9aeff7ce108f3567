/**
 * Stream tickets (decision 028): EventSource cannot set headers, so whatever authorises the event
 * stream travels in its URL, and URLs end up in proxy logs. Instead of its long-lived token (365
 * days), a kiosk puts there a ticket it asked for with the token in a header: random, good for
 * one stream opening within TICKET_TTL_MS, on any instance sharing the database.
 *
 * Only the ticket's SHA-256 is stored; using it deletes the row in one statement, so a ticket
 * read from a log line is worth nothing once used or a minute old.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StreamTicket } from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import { unauthorized } from '../lib/envelope.js';
import type { TokenIdentity, TokenService } from '../lib/tokens.js';

/** How long a ticket opens the stream: time for one request, with room for a slow link. */
export const TICKET_TTL_MS = 60_000;

/** 32 random bytes, base64url: 43 characters. */
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const TICKET_MESSAGES = {
  invalid: 'Invalid stream ticket (unknown or already used): ask for a new one',
  expired: 'Stream ticket expired: ask for a new one',
  revoked: 'Stream ticket revoked: log in again',
} as const;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export class StreamTickets {
  constructor(
    private readonly deps: {
      repos: Pick<Repositories, 'streamTickets'>;
      tokens: Pick<TokenService, 'tokenVersion'>;
      now: () => Date;
    },
  ) {}

  /** A new ticket for the identity a token check established. */
  async issue(identity: TokenIdentity): Promise<StreamTicket> {
    const tokenVersion = await this.deps.tokens.tokenVersion(identity.devid);
    // The token was just checked against this version; a development deleted since has none.
    if (tokenVersion === undefined) throw unauthorized(TICKET_MESSAGES.revoked);
    const ticket = randomBytes(32).toString('base64url');
    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
    await this.deps.repos.streamTickets.create(
      hashOf(ticket),
      {
        devid: identity.devid,
        accountid: identity.accountid,
        tokenVersion,
        expiresAt,
        kioskId: identity.kioskId,
      },
      now,
    );
    return { ticket, expiresAt: expiresAt.toISOString() };
  }

  /** The identity a ticket stands for, used up by this call; a 401 HttpError saying why not. */
  async redeem(ticket: string): Promise<TokenIdentity> {
    if (!TICKET_SHAPE.test(ticket)) throw unauthorized(TICKET_MESSAGES.invalid);
    const record = await this.deps.repos.streamTickets.consume(hashOf(ticket));
    if (!record) throw unauthorized(TICKET_MESSAGES.invalid);
    if (record.expiresAt.getTime() <= this.deps.now().getTime()) {
      throw unauthorized(TICKET_MESSAGES.expired);
    }
    if ((await this.deps.tokens.tokenVersion(record.devid)) !== record.tokenVersion) {
      throw unauthorized(TICKET_MESSAGES.revoked);
    }
    // The ticket speaks for its token's totem (issue 47): the stream checks the id it names.
    return record.kioskId === undefined
      ? { devid: record.devid, accountid: record.accountid }
      : { devid: record.devid, accountid: record.accountid, kioskId: record.kioskId };
  }
}
