import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertTokenFixedError, fileAlertToken, fixedAlertToken } from './alert-token.js';

const dirs: string[] = [];
const secretsDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-alert-token-'));
  dirs.push(dir);
  return join(dir, 'secrets');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('alert token', () => {
  it('regenerates the generated token: the new one is accepted, the old one refused, owner-only', () => {
    const dir = secretsDir();
    const token = fileAlertToken(dir);
    const old = token.current();
    expect(token.origin).toBe('file');
    expect(token.accepts(old)).toBe(true);
    const next = token.regenerate();
    expect(next).not.toBe(old);
    expect(next.length).toBeGreaterThanOrEqual(32);
    expect(token.accepts(next)).toBe(true);
    expect(token.accepts(old)).toBe(false);
    expect(readFileSync(join(dir, 'alert-token'), 'utf8').trim()).toBe(next);
    expect(statSync(join(dir, 'alert-token')).mode & 0o777).toBe(0o600);
    // No temporary file left behind.
    expect(readdirSync(dir).sort()).toEqual(['alert-token']);
  });

  it('is read again on every check: another process sharing the directory sees a regeneration', () => {
    const dir = secretsDir();
    const here = fileAlertToken(dir);
    const elsewhere = fileAlertToken(dir);
    const old = here.current();
    expect(elsewhere.current()).toBe(old);
    const next = elsewhere.regenerate();
    expect(here.accepts(next)).toBe(true);
    expect(here.accepts(old)).toBe(false);
    expect(here.current()).toBe(next);
  });

  it('never regenerates a token the environment sets', () => {
    const token = fixedAlertToken('e'.repeat(16));
    expect(token.origin).toBe('environment');
    expect(token.changedAt()).toBeNull();
    expect(token.accepts('e'.repeat(16))).toBe(true);
    expect(token.accepts('e'.repeat(15))).toBe(false);
    expect(() => token.regenerate()).toThrow(AlertTokenFixedError);
    expect(token.current()).toBe('e'.repeat(16));
  });
});
