/**
 * Stream tickets (issue 40, item 12; decision 028): the kiosk asks POST /display/stream-ticket/
 * {devid} with its token in the header, then opens /stream/{devid}?ticket=… — once, within 60 s,
 * for its own development, on any instance sharing the database. The old `?token=` form still
 * opens the stream (stream.test.ts), for kiosk apps that have not reloaded yet.
 */
import type { AddressInfo } from 'node:net';
import { TOKEN_HEADER, type Envelope, type StreamTicket, pathOf } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryEventBus } from '../lib/event-bus.js';
import { TEST_SCRYPT_COST } from '../lib/passwords.js';
import { TICKET_MESSAGES, TICKET_TTL_MS } from './stream-tickets.js';
import { TOKEN_MESSAGES } from '../lib/tokens.js';
import { createFixture, FIXTURE_NOW, testSecrets, type Fixture } from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';

let f: Fixture;
let base: string;
const clients: StreamClient[] = [];

beforeAll(async () => {
  f = await createFixture();
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  f.clock.now = new Date(FIXTURE_NOW);
});
afterAll(async () => {
  await f.close();
});

const askTicket = async (devid = f.ids.devid, headers?: Record<string, string>) => {
  const response = await fetch(base + pathOf('streamTicket', { params: { devid } }), {
    method: 'POST',
    headers: headers ?? (await f.auth()),
  });
  return { response, envelope: (await response.json()) as Envelope<StreamTicket> };
};

const ticketFor = async (devid = f.ids.devid) => {
  const { response, envelope } = await askTicket(devid, await f.auth(devid));
  expect(response.status, envelope.message).toBe(200);
  return envelope.data!.ticket;
};

/** Opens the stream; its status (and, when refused, the envelope). */
const open = async (path: string, at = base) => {
  const client = await openStream(at + path);
  clients.push(client);
  if (client.status === 200) {
    await client.waitFor((text) => text.includes('retry:'));
    return { status: 200, envelope: null };
  }
  await client.ended;
  expect(client.headers['content-type']).toContain('application/json');
  return { status: client.status, envelope: JSON.parse(client.text()) as Envelope<null> };
};

describe('POST /display/stream-ticket/:devid', () => {
  it('answers a single-use ticket good for 60 s, with the token in the header', async () => {
    const { response, envelope } = await askTicket();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(envelope.data!.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(envelope.data!.expiresAt).toBe(
      new Date(FIXTURE_NOW.getTime() + TICKET_TTL_MS).toISOString(),
    );
    // Two requests, two tickets.
    expect((await askTicket()).envelope.data!.ticket).not.toBe(envelope.data!.ticket);
  });

  it('wants the token in the header: none, a forged one, `?token=`, another development', async () => {
    const missing = await askTicket(f.ids.devid, {});
    expect(missing.response.status).toBe(401);
    expect(missing.envelope.message).toBe(TOKEN_MESSAGES.missing);
    const forged = await askTicket(f.ids.devid, { [TOKEN_HEADER]: 'a.b.c' });
    expect(forged.response.status).toBe(401);
    const inQuery = await fetch(
      `${base}${pathOf('streamTicket', { params: { devid: f.ids.devid } })}?token=${await f.token()}`,
      { method: 'POST' },
    );
    expect(inQuery.status).toBe(401);
    const theirs = await askTicket(f.ids.otherDevid, await f.auth());
    expect(theirs.response.status).toBe(403);
    expect(theirs.envelope.data).toBeNull();
  });

  it('purges expired tickets when it issues one', async () => {
    await ticketFor();
    await ticketFor();
    expect(await f.repos.streamTickets.count()).toBeGreaterThanOrEqual(2);
    f.clock.now = new Date(FIXTURE_NOW.getTime() + TICKET_TTL_MS);
    await ticketFor();
    expect(await f.repos.streamTickets.count()).toBe(1);
  });
});

describe('GET /stream/:devid?ticket=', () => {
  it('opens the stream once; the same ticket is then refused with a 401 envelope', async () => {
    const ticket = await ticketFor();
    const first = await open(
      pathOf('stream', {
        params: { devid: f.ids.devid },
        query: { ticket, ...{ kioskId: 'k-1' } },
      }),
    );
    expect(first.status).toBe(200);
    const again = await open(
      pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket } }),
    );
    expect(again.status).toBe(401);
    expect(again.envelope).toEqual({
      data: null,
      message: TICKET_MESSAGES.invalid,
      error: 'unauthorized',
    });
  });

  it('refuses an expired ticket', async () => {
    const ticket = await ticketFor();
    f.clock.now = new Date(FIXTURE_NOW.getTime() + TICKET_TTL_MS);
    const expired = await open(
      pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket } }),
    );
    expect(expired.status).toBe(401);
    expect(expired.envelope!.message).toBe(TICKET_MESSAGES.expired);
  });

  it('refuses a ticket for another development (403), which uses it up', async () => {
    const ticket = await ticketFor();
    const theirs = await open(
      pathOf('stream', { params: { devid: f.ids.otherDevid }, query: { ticket } }),
    );
    expect(theirs.status).toBe(403);
    expect(theirs.envelope!.data).toBeNull();
    expect(
      (await open(pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket } }))).status,
    ).toBe(401);
  });

  it.each([
    ['a forged ticket of the right shape', 'A'.repeat(43)],
    ['a malformed ticket', 'not-a-ticket'],
    ['an empty ticket', ''],
    ['a token in place of a ticket', 'token'],
  ])('refuses %s (401)', async (_case, ticket) => {
    const value = ticket === 'token' ? await f.token() : ticket;
    const refused = await open(
      pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket: value } }),
    );
    expect(refused.status).toBe(401);
    expect(refused.envelope!.message).toBe(TICKET_MESSAGES.invalid);
  });

  it('refuses a ticket issued before the development’s tokens were revoked', async () => {
    const ticket = await ticketFor();
    await f.repos.accounts.revokeTokens(f.ids.devid);
    f.app.kiosk.tokens.forgetVersion(f.ids.devid);
    const revoked = await open(
      pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket } }),
    );
    expect(revoked.status).toBe(401);
    expect(revoked.envelope!.message).toBe(TICKET_MESSAGES.revoked);
  });

  describe('with a second instance on the same database', () => {
    let second: FastifyInstance;
    let secondBase: string;
    beforeAll(async () => {
      second = await buildApp({
        repos: f.repos,
        config: f.config,
        bus: new InMemoryEventBus(),
        secrets: testSecrets(),
        now: () => f.clock.now,
        logger: false,
        passwordCost: TEST_SCRYPT_COST,
      });
      await second.listen({ port: 0, host: '127.0.0.1' });
      secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await second.close();
    });

    it('a ticket asked of one instance opens the stream on the other, once', async () => {
      const ticket = await ticketFor();
      const path = pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket } });
      expect((await open(path, secondBase)).status).toBe(200);
      expect((await open(path, base)).status).toBe(401);
    });

    it('of two instances asked with one ticket at the same moment, only one opens', async () => {
      for (let round = 0; round < 5; round++) {
        const path = pathOf('stream', {
          params: { devid: f.ids.devid },
          query: { ticket: await ticketFor() },
        });
        const outcomes = await Promise.all([open(path, base), open(path, secondBase)]);
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 401]);
      }
    });
  });
});
