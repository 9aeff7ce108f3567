import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter.js';

describe('FailureLimiter', () => {
  it('locks an address out after max failures until its window ends', () => {
    const clock = { now: 0 };
    const limiter = new FailureLimiter({ max: 3, windowMs: 60_000, clock: () => clock.now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('a')).toBe(0);
      limiter.recordFailure('a');
    }
    expect(limiter.retryAfterSeconds('a')).toBe(60);
    expect(limiter.retryAfterSeconds('b')).toBe(0);
    clock.now = 59_500;
    expect(limiter.retryAfterSeconds('a')).toBe(1);
    clock.now = 60_000;
    expect(limiter.retryAfterSeconds('a')).toBe(0);
  });

  it('keeps at most maxAddresses windows, dropping expired then oldest ones', () => {
    const clock = { now: 0 };
    const limiter = new FailureLimiter({
      max: 1,
      windowMs: 1000,
      maxAddresses: 3,
      clock: () => clock.now,
    });
    for (const address of ['a', 'b', 'c', 'd', 'e']) limiter.recordFailure(address);
    expect(limiter.size).toBe(3);
    expect(limiter.retryAfterSeconds('e')).toBe(1);
    clock.now = 2000;
    limiter.recordFailure('f');
    expect(limiter.size).toBe(1);
  });
});
