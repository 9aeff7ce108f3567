/**
 * The alert token (red button and acknowledgements, decision 026): the bearer token a fire-alarm
 * panel sends to
 * /api/alerts. Either `ALERT_TOKEN` sets it (the environment always wins: nothing here changes it)
 * or it is generated into DATA_DIR/secrets/alert-token, which an admin may regenerate from the
 * back-office.
 *
 * Why the file is read on every check rather than kept in memory: several instances share one
 * DATA_DIR (the README asks it of them, for the media), so the file is the one place every
 * instance sees. Regenerating writes a new file beside it and renames it over the old one — an
 * atomic swap, so a reader gets the old token or the new one, never half of one — and from that
 * moment every instance's next check reads the new token and refuses the old one, with no message
 * between instances and no cache to expire. A read is a few microseconds, and alert calls are rare.
 * Comparisons hash both sides first (equal lengths for timingSafeEqual, no length leaked).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlertTokenOrigin } from '@plant-kiosk/contract';
import { ALERT_TOKEN_FILE, readOrCreateSecret } from '../lib/secret-files.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Regenerating a token that ALERT_TOKEN sets: the caller answers 409. */
export class AlertTokenFixedError extends Error {
  constructor() {
    super('the alert token is set by ALERT_TOKEN');
    this.name = 'AlertTokenFixedError';
  }
}

export interface AlertToken {
  readonly origin: AlertTokenOrigin;
  /** The token in force now. */
  current(): string;
  /** When the generated file was last written; null when the environment sets the token. */
  changedAt(): Date | null;
  /** Whether `candidate` is the token in force now (constant time). */
  accepts(candidate: string): boolean;
  /** Replaces the generated token and returns the new one; throws AlertTokenFixedError. */
  regenerate(): string;
}

function accepts(token: string, candidate: string): boolean {
  return timingSafeEqual(digest(candidate), digest(token));
}

/** The token ALERT_TOKEN sets (or a test's): never regenerated. */
export function fixedAlertToken(token: string): AlertToken {
  return {
    origin: 'environment',
    current: () => token,
    changedAt: () => null,
    accepts: (candidate) => accepts(token, candidate),
    regenerate: () => {
      throw new AlertTokenFixedError();
    },
  };
}

/** The generated token of `secretsDir`, created when missing (as at the server's start). */
export function fileAlertToken(secretsDir: string): AlertToken {
  const path = join(secretsDir, ALERT_TOKEN_FILE);
  const current = () => readOrCreateSecret(secretsDir, ALERT_TOKEN_FILE);
  current();
  return {
    origin: 'file',
    current,
    changedAt: () => statSync(path).mtime,
    accepts: (candidate) => accepts(current(), candidate),
    regenerate: () => {
      mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
      const next = randomBytes(48).toString('base64url');
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      writeFileSync(temporary, `${next}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(temporary, 0o600);
      renameSync(temporary, path);
      // Two admins regenerating at once on two instances: both are told the one that stayed.
      return current();
    },
  };
}
