/**
 * The server secrets: the HS256 key of kiosk tokens, the bearer token of the publish endpoint and
 * that of the alert endpoints (issue 23: a fire-alarm panel holds it, not the publishing tools). Taken from the environment when set; otherwise generated once into DATA_DIR/secrets
 * (owner-only permissions) so that tokens survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.js';

export interface Secrets {
  jwtSecret: Uint8Array;
  publishToken: string;
  alertToken: string;
}

export const JWT_SECRET_FILE = 'jwt-secret';
export const PUBLISH_TOKEN_FILE = 'publish-token';
export const ALERT_TOKEN_FILE = 'alert-token';
const MIN_LENGTH = 32;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function readSecretFile(path: string): string | undefined {
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

function readOrCreate(dir: string, name: string): string {
  const path = join(dir, name);
  const existing = readSecretFile(path);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process created it in the meantime, use theirs rather than overwrite it.
    writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(dir, name);
    throw error;
  }
}

/** Reads or generates the secrets (the server at start). */
export function ensureSecrets(
  config: Pick<ServerConfig, 'jwtSecret' | 'publishToken' | 'alertToken' | 'secretsDir'>,
): Secrets {
  const jwt = config.jwtSecret ?? readOrCreate(config.secretsDir, JWT_SECRET_FILE);
  const publishToken = config.publishToken ?? readOrCreate(config.secretsDir, PUBLISH_TOKEN_FILE);
  const alertToken = config.alertToken ?? readOrCreate(config.secretsDir, ALERT_TOKEN_FILE);
  return { jwtSecret: new TextEncoder().encode(jwt), publishToken, alertToken };
}

/** The publish token without creating one (the CLI: a missing token means the server never ran). */
export function readPublishToken(
  config: Pick<ServerConfig, 'publishToken' | 'secretsDir'>,
): string | undefined {
  return config.publishToken ?? readSecretFile(join(config.secretsDir, PUBLISH_TOKEN_FILE));
}

/** The alert token without creating one (the CLI, as for the publish token). */
export function readAlertToken(
  config: Pick<ServerConfig, 'alertToken' | 'secretsDir'>,
): string | undefined {
  return config.alertToken ?? readSecretFile(join(config.secretsDir, ALERT_TOKEN_FILE));
}
