/**
 * Outside-probe hardening: anyone could make every login wait. Limits were counted per address
 * AND name, so made-up names each got a fresh allowance, and every attempt ran scrypt in one
 * unbounded queue (40 random development names pushed a real kiosk login from 2 s to 63 s).
 *
 * Now: failed attempts are limited per address whatever the name; a development or user that
 * does not exist costs no scrypt (same answer, and the same time: see passwords.ts); the scrypt
 * queue is bounded and answers 429 rather than growing; successes are not counted.
 *
 * These tests prove that a real login is not queued behind a flood by COUNTING scrypt runs and
 * 429s (scryptStats), never by timing them; the timing figure is bench/suites/login-flood.ts.
 */
import { randomBytes } from 'node:crypto';
import { hashPasswordForLogin, type Envelope, pathOf } from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../testing/fixture.js';
import { scryptStats, setScryptQueueLimits } from '../lib/passwords.js';
import { ADMIN_PASSWORD, createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { LOGIN_RATE_LIMIT } from './kiosk-login-routes.js';
import { ADMIN_LOGIN_RATE_LIMIT } from './session-routes.js';

let f: AdminFixture;
beforeAll(async () => {
  f = await createAdminFixture();
});
afterAll(async () => {
  await f.close();
});
let restoreQueue: (() => void) | undefined;
afterEach(() => {
  restoreQueue?.();
  restoreQueue = undefined;
});

const madeUp = () => `x-${randomBytes(6).toString('hex')}`;

const kioskLogin = (devname: string, password: string, remoteAddress: string) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    remoteAddress,
    payload: {
      devname,
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin(password) },
    },
  });

const adminLogin = (username: string, password: string, remoteAddress: string) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('adminLogin'),
    remoteAddress,
    payload: { username, password },
  });

const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describe('login flood', () => {
  it('kiosk: a flood of made-up development names runs no scrypt and is cut at the limit; a real login from another address gets in', async () => {
    // Warm up (the first unknown-name answer may calibrate the dummy time once).
    expect((await kioskLogin('neubourg', DEMO_PASSWORD, '127.0.0.9')).statusCode).toBe(200);
    const before = scryptStats();
    const flood = Array.from({ length: 40 }, () => kioskLogin(madeUp(), 'whatever', '127.0.0.2'));
    const real = kioskLogin('neubourg', DEMO_PASSWORD, '127.0.0.3');
    const [realAnswer, ...floodAnswers] = await Promise.all([real, ...flood]);
    expect(realAnswer!.statusCode, realAnswer!.body).toBe(200);
    expect(statuses(floodAnswers)).toEqual({
      401: LOGIN_RATE_LIMIT.max,
      429: 40 - LOGIN_RATE_LIMIT.max,
    });
    const after = scryptStats();
    // One scrypt run in all: the real login's. Nothing of the flood was in the queue before it.
    expect(after.runs - before.runs).toBe(1);
    expect(after.refused - before.refused).toBe(0);
  });

  it('admin: a flood of made-up user names runs no scrypt; a real login from another address gets in', async () => {
    const before = scryptStats();
    const flood = Array.from({ length: 20 }, () =>
      adminLogin(madeUp(), 'mauvais-mot-de-passe', '127.0.0.2'),
    );
    const real = adminLogin('admin', ADMIN_PASSWORD, '127.0.0.3');
    const [realAnswer, ...floodAnswers] = await Promise.all([real, ...flood]);
    expect(realAnswer!.statusCode, realAnswer!.body).toBe(200);
    expect(statuses(floodAnswers)).toEqual({
      401: ADMIN_LOGIN_RATE_LIMIT.max,
      429: 20 - ADMIN_LOGIN_RATE_LIMIT.max,
    });
    expect(scryptStats().runs - before.runs).toBe(1);
  });

  it('limits failures per address whatever the name: wrong passwords for a real name count too', async () => {
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++) {
      expect(
        (await kioskLogin(i % 2 ? 'neubourg' : madeUp(), 'wrong', '127.0.0.4')).statusCode,
      ).toBe(401);
    }
    const limited = await kioskLogin('autre-usine', 'wrong', '127.0.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<Envelope<null>>()).toMatchObject({
      data: null,
      error: 'too_many_requests',
    });
  });

  it('counts failures only: ten totems behind one NAT logging in again all get in, and more', async () => {
    const answers = [];
    for (let i = 0; i < 2 * LOGIN_RATE_LIMIT.max; i++) {
      answers.push(await kioskLogin('neubourg', DEMO_PASSWORD, '127.0.0.5'));
    }
    expect(statuses(answers)).toEqual({ 200: 2 * LOGIN_RATE_LIMIT.max });
  });

  it('gives an unknown development and a wrong password the same answer', async () => {
    const unknown = await kioskLogin(madeUp(), 'wrong', '127.0.0.6');
    const wrong = await kioskLogin('neubourg', 'wrong', '127.0.0.6');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('a full scrypt queue answers 429 (busy), for unknown names as for real ones, and counts no failure', async () => {
    restoreQueue = setScryptQueueLimits({ concurrent: 0, waiting: 0 });
    const before = scryptStats();
    const real = await kioskLogin('neubourg', DEMO_PASSWORD, '127.0.0.7');
    const unknown = await kioskLogin(madeUp(), 'wrong', '127.0.0.7');
    const admin = await adminLogin('admin', ADMIN_PASSWORD, '127.0.0.7');
    for (const answer of [real, unknown, admin]) {
      expect(answer.statusCode, answer.body).toBe(429);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.json<Envelope<null>>().error).toBe('too_many_requests');
    }
    expect(scryptStats().refused - before.refused).toBeGreaterThanOrEqual(2);
    restoreQueue();
    restoreQueue = undefined;
    // Not counted as failures: the address logs in as soon as the queue has room.
    expect((await kioskLogin('neubourg', DEMO_PASSWORD, '127.0.0.7')).statusCode).toBe(200);
  });
});
