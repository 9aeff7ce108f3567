/**
 * The first back-office account, created at start when no admin exists: user `admin` with
 * ADMIN_PASSWORD, or with a generated password that the caller prints once (it is stored only as a
 * scrypt hash, so it cannot be shown again; set ADMIN_PASSWORD on an empty database to choose it).
 */
import { randomBytes } from 'node:crypto';
import type { Repositories } from '../db/repositories/index.js';
import type { ScryptCost } from '../lib/passwords.js';
import { hashAdminPassword } from './admin-passwords.js';
import { isUniqueViolation } from '../lib/admin/errors.js';

export const FIRST_ADMIN_USERNAME = 'admin';

export type FirstAdminResult =
  | {
      created: false;
      /** Why no admin could be created although none exists. */
      warning?: string;
    }
  | {
      created: true;
      username: string;
      /** Set when the password was generated: show it once, it is not kept anywhere. */
      generatedPassword?: string;
    };

/** 20 characters of base64url: about 120 bits. */
export const generatePassword = () => randomBytes(15).toString('base64url');

export async function ensureFirstAdmin(
  repos: Pick<Repositories, 'adminUsers'>,
  options: { password?: string; cost: ScryptCost; now?: Date },
): Promise<FirstAdminResult> {
  if (await repos.adminUsers.hasAdmin()) return { created: false };
  if (await repos.adminUsers.findByUsername(FIRST_ADMIN_USERNAME)) {
    return {
      created: false,
      warning: `No back-office admin exists, and the user name "${FIRST_ADMIN_USERNAME}" belongs to an editor: no admin was created.`,
    };
  }
  const generatedPassword = options.password ? undefined : generatePassword();
  const password = options.password ?? generatedPassword!;
  const { hash, salt } = await hashAdminPassword(password, options.cost);
  try {
    await repos.adminUsers.create({
      username: FIRST_ADMIN_USERNAME,
      role: 'admin',
      passwordHash: hash,
      passwordSalt: salt,
      now: options.now ?? new Date(),
    });
  } catch (error) {
    // Another instance starting on the same database created it first.
    if (isUniqueViolation(error) && (await repos.adminUsers.hasAdmin())) return { created: false };
    throw error;
  }
  return generatedPassword
    ? { created: true, username: FIRST_ADMIN_USERNAME, generatedPassword }
    : { created: true, username: FIRST_ADMIN_USERNAME };
}
