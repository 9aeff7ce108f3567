import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.js';
import { createRepositories } from '../db/repositories/index.js';
import { TEST_SCRYPT_COST } from '../lib/passwords.js';
import { verifyAdminPassword } from './admin-passwords.js';
import { ensureFirstAdmin } from './first-admin.js';

async function withRepos(work: (repos: ReturnType<typeof createRepositories>) => Promise<void>) {
  const handle = await openTestDatabase();
  try {
    await work(createRepositories(handle.db));
  } finally {
    await handle.close();
  }
}

describe('the first admin', () => {
  it('is created with ADMIN_PASSWORD, stored as a scrypt hash only, and only once', async () => {
    await withRepos(async (repos) => {
      const result = await ensureFirstAdmin(repos, {
        password: 'choisi-par-moi',
        cost: TEST_SCRYPT_COST,
      });
      expect(result).toEqual({ created: true, username: 'admin' });
      const row = (await repos.adminUsers.findByUsername('admin'))!;
      expect(row).toMatchObject({ role: 'admin', disabled: 0 });
      expect(row.password_hash).toMatch(/^scrypt\$10\$8\$1\$[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain('choisi-par-moi');
      expect(
        await verifyAdminPassword('choisi-par-moi', row.password_hash, row.password_salt),
      ).toBe(true);

      expect(
        await ensureFirstAdmin(repos, { password: 'autre-mot-de-passe', cost: TEST_SCRYPT_COST }),
      ).toEqual({
        created: false,
      });
      expect((await repos.adminUsers.list()).length).toBe(1);
    });
  });

  it('gets a generated password when none is configured, returned once to be printed', async () => {
    await withRepos(async (repos) => {
      const result = await ensureFirstAdmin(repos, { cost: TEST_SCRYPT_COST });
      if (!result.created || !result.generatedPassword)
        throw new Error('expected a generated password');
      expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const row = (await repos.adminUsers.findByUsername('admin'))!;
      expect(row.password_hash).not.toContain(result.generatedPassword);
      expect(
        await verifyAdminPassword(result.generatedPassword, row.password_hash, row.password_salt),
      ).toBe(true);
      const again = await ensureFirstAdmin(repos, { cost: TEST_SCRYPT_COST });
      expect(again).toEqual({ created: false });
    });
  });

  it('warns instead of failing when "admin" is an editor’s name and no admin exists', async () => {
    await withRepos(async (repos) => {
      await repos.adminUsers.create({
        username: 'admin',
        role: 'editor',
        passwordHash: 'x',
        passwordSalt: 'y',
        now: new Date(),
      });
      const result = await ensureFirstAdmin(repos, { cost: TEST_SCRYPT_COST });
      expect(result.created).toBe(false);
      expect(result.created === false && result.warning).toMatch(/belongs to an editor/);
    });
  });
});
