/**
 * Storage of kiosk account passwords (spec §5). The kiosk never sends the password itself, only
 * its client hash (`hashPasswordForLogin` of the contract); that hash is a password-equivalent, so
 * the server stores a slow, salted scrypt of it, never the hash itself.
 *
 * The stored hash is self-describing (`scrypt$<log2 N>$<r>$<p>$<hex key>`) so that the cost can
 * be raised later without invalidating existing accounts, and so that tests may create accounts
 * with a cheap cost while production keeps the OWASP parameters as the default.
 *
 * scrypt at N=2^17, r=8 needs 128 MiB per call and occupies a libuv thread-pool worker (shared with
 * file I/O) for a few hundred milliseconds, so concurrent computations are capped: a burst of login
 * attempts queues instead of exhausting memory or starving static file serving.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
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
const MAX_CONCURRENT = 2;
const HASH_FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,3})\$(\d{1,3})\$([0-9a-f]+)$/;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
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
 * password, a malformed client hash or a corrupt stored value.
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
  const actual = await derive(clientHash, Buffer.from(salt, 'hex'), cost);
  return timingSafeEqual(actual, expected) && CLIENT_HASH_PATTERN.test(clientHash);
}

/**
 * Spends the same time as a real verification and returns false. Used when the development or
 * the account does not exist, so response time does not reveal which logins exist.
 */
export async function verifyAgainstNothing(
  clientHash: string,
  cost: ScryptCost = PRODUCTION_SCRYPT_COST,
): Promise<false> {
  validateCost(cost);
  await derive(clientHash, randomBytes(SALT_LENGTH), cost);
  return false;
}
