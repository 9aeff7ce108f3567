/**
 * Back-office passwords at rest. The admin types the real password into a form; it is stored as
 * the kiosk's are — scrypt (lib/passwords.ts) of the contract's client hash of the password —
 * rather than scrypt of the raw password, so that:
 * - one vetted storage format and one code path (self-describing cost, salt, concurrency cap)
 *   serve every password in the system;
 * - the scrypt input has a fixed size whatever the password's length or characters;
 * - a back-office SPA that later wants to send only the client hash (as the kiosk does) can, with
 *   no migration of stored values.
 * The SHA-256 pre-hash costs nothing in strength: the salted, slow scrypt is what resists guessing.
 */
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import {
  hashClientPassword,
  verifyAgainstNothing,
  verifyClientPassword,
  type ScryptCost,
} from '../lib/passwords.js';

export function hashAdminPassword(
  password: string,
  cost: ScryptCost,
): Promise<{ hash: string; salt: string }> {
  return hashClientPassword(hashPasswordForLogin(password), cost);
}

export function verifyAdminPassword(
  password: string,
  hash: string,
  salt: string,
): Promise<boolean> {
  return verifyClientPassword(hashPasswordForLogin(password), hash, salt);
}

/** Same time as a verification, for unknown users. */
export function verifyAdminAgainstNothing(password: string, cost: ScryptCost): Promise<false> {
  return verifyAgainstNothing(hashPasswordForLogin(password), cost);
}
