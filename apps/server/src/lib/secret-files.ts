/**
 * Secret files in DATA_DIR/secrets (owner-only): read one, or generate it once. Shared by the
 * server secrets (secrets.ts) and the alert token, which is read again on every check
 * (alert-token.ts).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ALERT_TOKEN_FILE = 'alert-token';
const MIN_LENGTH = 32;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export function readSecretFile(path: string): string | undefined {
  try {
    const value = readFileSync(path, 'utf8').trim();
    if (value.length < MIN_LENGTH) {
      throw new Error(
        `${path} holds a secret shorter than ${MIN_LENGTH} characters; delete it to regenerate`,
      );
    }
    return value;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export function readOrCreateSecret(dir: string, name: string): string {
  const path = join(dir, name);
  const existing = readSecretFile(path);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  // Written whole under a name of its own, then linked into place: instances that start together
  // on one DATA_DIR never read a file created but not yet written (a link is atomic and, unlike a
  // rename, fails when another process got there first — then its secret is the one to use).
  const draft = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  writeFileSync(draft, `${value}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateSecret(dir, name);
    throw error;
  } finally {
    unlinkSync(draft);
  }
}
