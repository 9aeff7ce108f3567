/**
 * Storage of kiosk account passwords (docs/product.md#validation). The kiosk never sends the password itself, only
 * its client hash (`hashPasswordForLogin` of the contract); that hash is a password-equivalent, so
 * the server stores a slow, salted scrypt of it, never the hash itself.
 *
 * The stored hash is self-describing (`scrypt$<log2 N>$<r>$<p>$<hex key>`) so that the cost can
 * be raised later without invalidating existing accounts, and so that tests may create accounts
 * with a cheap cost while production keeps the OWASP parameters as the default.
 *
 * scrypt at N=2^17, r=8 needs 128 MiB per call and occupies a libuv thread-pool worker (shared with
 * file I/O) for a few hundred milliseconds, so concurrent computations are capped, and so is the
 * queue behind them (outside-probe hardening: an unbounded queue let a flood of attempts make every
 * login wait a minute): when it is full, a verification is refused at once (PasswordQueueFullError,
 * a 429 for the routes) rather than queued.
 *
 * An unknown development or user costs no scrypt at all (verifyAgainstNothing): it waits as long
 * as a real verification takes, so that neither the answer nor its time tells which names exist,
 * and a flood of made-up names never reaches the queue.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT_HASH_PATTERN } from '@plant-kiosk/contract';

/** scrypt cost parameters. `log2N` is the base-2 logarithm of scrypt's N. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet recommendation for scrypt. */
export const PRODUCTION_SCRYPT_COST: Readonly<ScryptCost> = Object.freeze({
  log2N: 17,
  r: 8,
  p: 1,
});

/** Cheap cost for tests that are not about passwords. Never use it in production code paths. */
export const TEST_SCRYPT_COST: Readonly<ScryptCost> = Object.freeze({ log2N: 10, r: 8, p: 1 });

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const HASH_FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,3})\$(\d{1,3})\$([0-9a-f]+)$/;

/** Concurrent scrypt runs, and how many may wait behind them (about 4 s of work at most). */
export const SCRYPT_QUEUE_LIMITS = Object.freeze({ concurrent: 2, waiting: 8 });
let limits: { concurrent: number; waiting: number } = { ...SCRYPT_QUEUE_LIMITS };

/** The scrypt queue is full: the caller answers 429 and the client tries again a little later. */
export class PasswordQueueFullError extends Error {
  constructor() {
    super('password verification queue full');
    this.name = 'PasswordQueueFullError';
  }
}

/** Counters of the scrypt queue, for tests and monitoring (process-wide). */
export interface ScryptStats {
  /** scrypt computations started. */
  runs: number;
  /** Verifications refused because the queue was full. */
  refused: number;
  running: number;
  waiting: number;
}

let running = 0;
let runs = 0;
let refused = 0;
const waiting: Array<() => void> = [];

export function scryptStats(): ScryptStats {
  return { runs, refused, running, waiting: waiting.length };
}

/** Tests only: other queue limits; returns the function that restores the defaults. */
export function setScryptQueueLimits(next: { concurrent: number; waiting: number }): () => void {
  limits = { ...next };
  return () => {
    limits = { ...SCRYPT_QUEUE_LIMITS };
  };
}

function queueFull(): boolean {
  return running >= limits.concurrent && waiting.length >= limits.waiting;
}

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= limits.concurrent) {
    if (waiting.length >= limits.waiting) {
      refused++;
      throw new PasswordQueueFullError();
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    runs++;
    return await task();
  } finally {
    // Hand the slot straight to the next waiter (running stays constant) or release it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function validateCost(cost: ScryptCost): void {
  if (
    !Number.isInteger(cost.log2N) ||
    cost.log2N < 1 ||
    cost.log2N > 24 ||
    !Number.isInteger(cost.r) ||
    cost.r < 1 ||
    cost.r > 64 ||
    !Number.isInteger(cost.p) ||
    cost.p < 1 ||
    cost.p > 16
  ) {
    throw new RangeError(`Invalid scrypt cost ${JSON.stringify(cost)}`);
  }
}

function derive(clientHash: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = {
    N,
    r: cost.r,
    p: cost.p,
    // Node's default maxmem (32 MiB) is below the 128 * N * r bytes the OWASP parameters need.
    maxmem: 2 * 128 * N * cost.r * cost.p,
  };
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(clientHash, salt, KEY_LENGTH, options, (error, key) => {
          if (error) reject(error);
          else resolve(key);
        });
      }),
  );
}

/**
 * Hashes a client hash (64 lowercase hex chars) for storage, with a fresh random salt.
 * Throws on a malformed client hash: such a value could never match a login.
 */
export async function hashClientPassword(
  clientHash: string,
  cost: ScryptCost = PRODUCTION_SCRYPT_COST,
): Promise<{ hash: string; salt: string }> {
  if (!CLIENT_HASH_PATTERN.test(clientHash)) {
    throw new TypeError('The client password hash must be 64 lowercase hexadecimal characters');
  }
  validateCost(cost);
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(clientHash, salt, cost);
  return {
    hash: `scrypt$${cost.log2N}$${cost.r}$${cost.p}$${key.toString('hex')}`,
    salt: salt.toString('hex'),
  };
}

/**
 * Checks a client hash against a stored hash and salt. Returns false (never throws) for a wrong
 * password, a malformed client hash or a corrupt stored value; throws PasswordQueueFullError when
 * the queue is full.
 */
export async function verifyClientPassword(
  clientHash: string,
  hash: string,
  salt: string,
): Promise<boolean> {
  const match = HASH_FORMAT.exec(hash);
  if (!match || !/^(?:[0-9a-f]{2})+$/.test(salt)) return false;
  const cost: ScryptCost = { log2N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  try {
    validateCost(cost);
  } catch {
    return false;
  }
  const expected = Buffer.from(match[4] ?? '', 'hex');
  if (expected.length !== KEY_LENGTH) return false;
  // A malformed client hash still pays the full scrypt cost, so timing does not reveal validation.
  const started = performance.now();
  const actual = await derive(clientHash, Buffer.from(salt, 'hex'), cost);
  learnVerificationTime(performance.now() - started);
  return timingSafeEqual(actual, expected) && CLIENT_HASH_PATTERN.test(clientHash);
}

/**
 * How long a verification takes here (queue included), as a moving average of the real ones.
 * Until there is one, it is measured once on a dummy hash: a fixed client hash and a fixed salt.
 */
let typicalMs: number | undefined;
let calibrating: Promise<void> | undefined;
const DUMMY_CLIENT_HASH = '0'.repeat(64);
const DUMMY_SALT = Buffer.alloc(SALT_LENGTH, 0x5a);

function learnVerificationTime(ms: number): void {
  typicalMs = typicalMs === undefined ? ms : 0.8 * typicalMs + 0.2 * ms;
}

/**
 * For an unknown development, account or user: the same answer as a wrong password (false, or
 * PasswordQueueFullError when a real verification would be refused too) after the same time,
 * without running scrypt (except once per process, to learn that time if no real verification
 * has taught it yet).
 */
export async function verifyAgainstNothing(
  _clientHash: string,
  cost: ScryptCost = PRODUCTION_SCRYPT_COST,
): Promise<false> {
  validateCost(cost);
  if (queueFull()) {
    refused++;
    throw new PasswordQueueFullError();
  }
  if (typicalMs === undefined) {
    calibrating ??= (async () => {
      const started = performance.now();
      await derive(DUMMY_CLIENT_HASH, DUMMY_SALT, cost);
      learnVerificationTime(performance.now() - started);
    })().finally(() => {
      calibrating = undefined;
    });
    await calibrating;
    return false;
  }
  await sleep(typicalMs);
  return false;
}
