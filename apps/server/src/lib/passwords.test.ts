import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import {
  hashClientPassword,
  PasswordQueueFullError,
  PRODUCTION_SCRYPT_COST,
  scryptStats,
  setScryptQueueLimits,
  TEST_SCRYPT_COST,
  verifyAgainstNothing,
  verifyClientPassword,
} from './passwords.js';

const clientHash = hashPasswordForLogin('kiosk');

describe('kiosk passwords at rest', () => {
  it('uses the OWASP scrypt parameters by default and verifies the right client hash only', async () => {
    const stored = await hashClientPassword(clientHash);
    expect(stored.hash).toMatch(/^scrypt\$17\$8\$1\$[0-9a-f]{64}$/);
    expect(stored.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.hash).not.toContain(clientHash);
    expect(await verifyClientPassword(clientHash, stored.hash, stored.salt)).toBe(true);
    expect(
      await verifyClientPassword(hashPasswordForLogin('Kiosk'), stored.hash, stored.salt),
    ).toBe(false);
  });

  it('salts every hash: the same password never gives the same stored value', async () => {
    const a = await hashClientPassword(clientHash, TEST_SCRYPT_COST);
    const b = await hashClientPassword(clientHash, TEST_SCRYPT_COST);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    // A salt from another account does not verify.
    expect(await verifyClientPassword(clientHash, a.hash, b.salt)).toBe(false);
  });

  it('refuses to store something that is not a client hash', async () => {
    await expect(hashClientPassword('kiosk')).rejects.toThrow(/64 lowercase hexadecimal/);
    await expect(hashClientPassword(clientHash.toUpperCase())).rejects.toThrow();
  });

  it('answers false, never throws, on malformed input or a corrupt stored value', async () => {
    const stored = await hashClientPassword(clientHash, TEST_SCRYPT_COST);
    expect(await verifyClientPassword('not-a-hash', stored.hash, stored.salt)).toBe(false);
    expect(await verifyClientPassword(clientHash, 'garbage', stored.salt)).toBe(false);
    expect(await verifyClientPassword(clientHash, stored.hash, 'zz')).toBe(false);
    expect(await verifyClientPassword(clientHash, 'scrypt$99$8$1$00', stored.salt)).toBe(false);
    expect(await verifyClientPassword(clientHash, stored.hash.slice(0, -2), stored.salt)).toBe(
      false,
    );
  });

  it('answers no for unknown accounts, running scrypt at most once (to learn the time)', async () => {
    expect(PRODUCTION_SCRYPT_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    const before = scryptStats().runs;
    for (let i = 0; i < 5; i++) {
      await expect(verifyAgainstNothing(clientHash, TEST_SCRYPT_COST)).resolves.toBe(false);
    }
    expect(scryptStats().runs - before).toBeLessThanOrEqual(1);
  });
});

describe('the scrypt queue (outside-probe hardening)', () => {
  it('is bounded: beyond the running and waiting slots, a verification is refused at once', async () => {
    const restore = setScryptQueueLimits({ concurrent: 2, waiting: 3 });
    try {
      const before = scryptStats();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => hashClientPassword(clientHash, TEST_SCRYPT_COST)),
      );
      const refused = outcomes.filter(
        (outcome) =>
          outcome.status === 'rejected' && outcome.reason instanceof PasswordQueueFullError,
      );
      expect(refused).toHaveLength(5);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
      const after = scryptStats();
      expect(after.runs - before.runs).toBe(5);
      expect(after.refused - before.refused).toBe(5);
      expect(after.running + after.waiting).toBe(0);
    } finally {
      restore();
    }
  });
});
