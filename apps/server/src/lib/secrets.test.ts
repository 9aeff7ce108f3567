import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSecrets, readAlertToken, readPublishToken } from './secrets.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-secrets-'));
  dirs.push(dir);
  return join(dir, 'secrets');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('server secrets', () => {
  it('generates both secrets once, owner-only, and reads them back on the next start', () => {
    const secretsDir = tempDir();
    const first = ensureSecrets({ secretsDir, jwtSecret: undefined, publishToken: undefined });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.publishToken.length).toBeGreaterThanOrEqual(32);
    for (const name of ['jwt-secret', 'publish-token']) {
      expect(statSync(join(secretsDir, name)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(secretsDir).mode & 0o777).toBe(0o700);
    const second = ensureSecrets({ secretsDir, jwtSecret: undefined, publishToken: undefined });
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(second.publishToken).toBe(first.publishToken);
    expect(readFileSync(join(secretsDir, 'publish-token'), 'utf8').trim()).toBe(first.publishToken);
  });

  it('prefers the environment and writes nothing then', () => {
    const secretsDir = tempDir();
    const secrets = ensureSecrets({
      secretsDir,
      jwtSecret: 'j'.repeat(32),
      publishToken: 'p'.repeat(16),
      alertToken: 'a'.repeat(16),
      metricsToken: 'm'.repeat(16),
    });
    expect(new TextDecoder().decode(secrets.jwtSecret)).toBe('j'.repeat(32));
    expect(secrets.metricsToken).toBe('m'.repeat(16));
    expect(secrets.publishToken).toBe('p'.repeat(16));
    expect(secrets.alertToken.current()).toBe('a'.repeat(16));
    expect(secrets.alertToken.origin).toBe('environment');
    expect(() => statSync(secretsDir)).toThrow();
  });

  it('generates the alert token apart from the publish token, and lets the CLI read it', () => {
    const secretsDir = tempDir();
    expect(readAlertToken({ secretsDir, alertToken: undefined })).toBeUndefined();
    const secrets = ensureSecrets({ secretsDir, jwtSecret: undefined, publishToken: undefined });
    const alertToken = secrets.alertToken.current();
    expect(alertToken.length).toBeGreaterThanOrEqual(32);
    expect(alertToken).not.toBe(secrets.publishToken);
    expect(readAlertToken({ secretsDir, alertToken: undefined })).toBe(alertToken);
    expect(
      ensureSecrets({
        secretsDir,
        jwtSecret: undefined,
        publishToken: undefined,
      }).alertToken.current(),
    ).toBe(alertToken);
  });

  it('generates the metrics token apart from the others, owner-only, kept across starts', () => {
    const secretsDir = tempDir();
    const first = ensureSecrets({ secretsDir, jwtSecret: undefined, publishToken: undefined });
    expect(first.metricsToken.length).toBeGreaterThanOrEqual(32);
    expect(first.metricsToken).not.toBe(first.publishToken);
    expect(first.metricsToken).not.toBe(first.alertToken.current());
    expect(statSync(join(secretsDir, 'metrics-token')).mode & 0o777).toBe(0o600);
    const second = ensureSecrets({ secretsDir, jwtSecret: undefined, publishToken: undefined });
    expect(second.metricsToken).toBe(first.metricsToken);
  });

  it('lets the CLI read the publish token without creating one', () => {
    const secretsDir = tempDir();
    expect(readPublishToken({ secretsDir, publishToken: undefined })).toBeUndefined();
    const { publishToken } = ensureSecrets({
      secretsDir,
      jwtSecret: undefined,
      publishToken: undefined,
    });
    expect(readPublishToken({ secretsDir, publishToken: undefined })).toBe(publishToken);
    expect(readPublishToken({ secretsDir, publishToken: 'from-env-0123456789' })).toBe(
      'from-env-0123456789',
    );
  });
});
