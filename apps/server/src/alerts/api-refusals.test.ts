/**
 * Issue 40, item 5: refused calls on the alert call (an outside probe's 6,000 wrong-token calls
 * made 6,000 audit rows). One audit row per address and window with a count; an address past its
 * allowance gets 429 with Retry-After; the right token is never throttled.
 */
import { type AuditEntry, type Envelope, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminFixture, data, type AdminFixture } from '../testing/admin-fixture.js';
import { FIXTURE_NOW, TEST_ALERT_TOKEN } from '../testing/fixture.js';
import { ALERT_REFUSAL_LIMIT } from './api-routes.js';

let f: AdminFixture;
// Each test from its own addresses: the limiter's windows belong to the app, shared by the suite.
let subnet = 0;
let address: (host: number) => string;

beforeAll(async () => {
  f = await createAdminFixture();
});
beforeEach(() => {
  f.resetClock();
  subnet++;
  address = (host) => `192.0.${subnet}.${host}`;
});
afterAll(async () => {
  await f.close();
});

const call = (from: string, token: string | null, method: 'GET' | 'DELETE' = 'GET') =>
  f.app.inject({
    method,
    url: pathOf('alertGet', { params: { devid: f.ids.devid } }),
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    remoteAddress: from,
  });

/** The refusals the back-office's audit page lists for one address. */
async function refusalsFrom(from: string): Promise<AuditEntry[]> {
  const admin = await f.asAdmin();
  const entries = data<AuditEntry[]>(
    await admin.get(pathOf('adminAudit', { query: { limit: 200 } })),
  );
  return entries.filter(
    (entry) =>
      entry.action === 'alert.unauthorized' &&
      (entry.summary as { ip?: string } | null)?.ip === from,
  );
}

describe('refused alert calls', () => {
  it('folds the refusals of one address into one audit row with a count, then throttles it', async () => {
    const from = address(1);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      f.clock.now = new Date(FIXTURE_NOW.getTime() + i * 1000);
      const answer = await call(from, i % 2 ? null : 'wrong-token-0123456789');
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        const body = answer.json<Envelope<null>>();
        expect(body).toMatchObject({ data: null, error: 'too_many_requests' });
        expect(body.message).toMatch(/Trop d’appels refusés/);
        // The window opened at the first refusal, 10 minutes long.
        expect(Number(answer.headers['retry-after'])).toBe(600 - i);
      }
    }
    expect(statuses).toEqual([
      ...Array<number>(ALERT_REFUSAL_LIMIT.max).fill(401),
      ...Array<number>(25 - ALERT_REFUSAL_LIMIT.max).fill(429),
    ]);
    const rows = await refusalsFrom(from);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      devid: f.ids.devid,
      count: 25,
      at: FIXTURE_NOW.toISOString(),
      lastAt: new Date(FIXTURE_NOW.getTime() + 24_000).toISOString(),
      summary: { method: 'GET', ip: from, token: 'wrong' },
    });
  });

  it('never throttles the right token, even from a throttled address', async () => {
    const from = address(1);
    for (let i = 0; i < ALERT_REFUSAL_LIMIT.max + 5; i++)
      await call(from, 'wrong-token-0123456789');
    expect((await call(from, 'wrong-token-0123456789')).statusCode).toBe(429);
    const answer = await call(from, TEST_ALERT_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect((await call(from, TEST_ALERT_TOKEN, 'DELETE')).statusCode).toBe(200);
    // …and it is not counted as a refusal.
    expect((await refusalsFrom(from))[0]?.count).toBe(ALERT_REFUSAL_LIMIT.max + 6);
  });

  it('counts each address on its own', async () => {
    for (let i = 0; i < ALERT_REFUSAL_LIMIT.max + 1; i++) await call(address(1), null);
    expect((await call(address(1), null)).statusCode).toBe(429);
    expect((await call(address(2), null)).statusCode).toBe(401);
    expect((await refusalsFrom(address(1)))[0]?.count).toBe(ALERT_REFUSAL_LIMIT.max + 2);
    expect((await refusalsFrom(address(2)))[0]?.count).toBe(1);
  });

  it('keeps one row for a flood sent all at once, counting every call', async () => {
    const from = address(1);
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => call(from, 'wrong-token-0123456789')),
    );
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(
      300 - ALERT_REFUSAL_LIMIT.max,
    );
    const rows = await refusalsFrom(from);
    expect(rows.map((row) => row.count)).toEqual([300]);
  });

  it('opens a new row, and a new allowance, when the window has passed', async () => {
    const from = address(1);
    for (let i = 0; i < ALERT_REFUSAL_LIMIT.max + 1; i++) await call(from, null);
    f.clock.now = new Date(FIXTURE_NOW.getTime() + ALERT_REFUSAL_LIMIT.windowMs);
    expect((await call(from, null)).statusCode).toBe(401);
    expect((await refusalsFrom(from)).map((row) => [row.count, row.lastAt])).toEqual([
      [1, null],
      [ALERT_REFUSAL_LIMIT.max + 1, FIXTURE_NOW.toISOString()],
    ]);
  });
});
