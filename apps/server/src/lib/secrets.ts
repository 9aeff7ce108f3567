/**
 * The server secrets: the HS256 key of kiosk tokens, the bearer token of the publish endpoint,
 * that of the alert endpoints (emergency alerts: a fire-alarm panel holds it, not the publishing
 * tools) and that of GET /metrics (a Prometheus server holds it: it may read, never act). Taken from the environment when set; otherwise generated once into DATA_DIR/secrets
 * (owner-only permissions) so that tokens survive restarts without any setup. The alert token is
 * read again on every check, so that an admin may regenerate it (alert-token.ts, decision 026).
 */
import { join } from 'node:path';
import type { ServerConfig } from '../config.js';
import { fileAlertToken, fixedAlertToken, type AlertToken } from '../alerts/index.js';
import {
  ALERT_TOKEN_FILE,
  readOrCreateSecret as readOrCreate,
  readSecretFile,
} from './secret-files.js';

export interface Secrets {
  jwtSecret: Uint8Array;
  publishToken: string;
  alertToken: AlertToken;
  metricsToken: string;
}

export const JWT_SECRET_FILE = 'jwt-secret';
export const PUBLISH_TOKEN_FILE = 'publish-token';
export const METRICS_TOKEN_FILE = 'metrics-token';
export { ALERT_TOKEN_FILE };

/** Reads or generates the secrets (the server at start). */
export function ensureSecrets(
  config: Pick<
    ServerConfig,
    'jwtSecret' | 'publishToken' | 'alertToken' | 'metricsToken' | 'secretsDir'
  >,
): Secrets {
  const jwt = config.jwtSecret ?? readOrCreate(config.secretsDir, JWT_SECRET_FILE);
  const publishToken = config.publishToken ?? readOrCreate(config.secretsDir, PUBLISH_TOKEN_FILE);
  const alertToken = config.alertToken
    ? fixedAlertToken(config.alertToken)
    : fileAlertToken(config.secretsDir);
  const metricsToken = config.metricsToken ?? readOrCreate(config.secretsDir, METRICS_TOKEN_FILE);
  return { jwtSecret: new TextEncoder().encode(jwt), publishToken, alertToken, metricsToken };
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
