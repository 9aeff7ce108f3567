import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPasswordForLogin, PASSWORD_HASH_SUFFIX, sha256Hex } from './password-hash.js';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('client password hash', () => {
  it('matches SHA-256 for empty, short, block-boundary and long inputs', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'é🙂'.repeat(300),
    ]) {
      expect(sha256Hex(new TextEncoder().encode(text))).toBe(nodeSha(text));
    }
  });

  it('hashes the password with the fixed suffix appended', () => {
    expect(hashPasswordForLogin('kiosk')).toBe(nodeSha(`kiosk${PASSWORD_HASH_SUFFIX}`));
    expect(hashPasswordForLogin('kiosk')).toMatch(/^[0-9a-f]{64}$/);
  });
});
