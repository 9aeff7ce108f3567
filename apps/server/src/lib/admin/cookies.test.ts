import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.js';

describe('cookies', () => {
  it('reads one cookie among others, the first when repeated, unquoted', () => {
    expect(readCookie('a=1; admin_session=abc; b=2', 'admin_session')).toBe('abc');
    expect(readCookie('admin_session="abc"', 'admin_session')).toBe('abc');
    expect(readCookie('admin_session=first; admin_session=second', 'admin_session')).toBe('first');
    expect(readCookie('xadmin_session=abc; junk', 'admin_session')).toBeUndefined();
    expect(readCookie(undefined, 'admin_session')).toBeUndefined();
  });

  it('writes HttpOnly SameSite=Strict cookies, Secure on request, and refuses unsafe values', () => {
    expect(
      serializeCookie('s', 'abc_-1', { path: '/api/admin', maxAge: 43200, secure: false }),
    ).toBe('s=abc_-1; Path=/api/admin; Max-Age=43200; HttpOnly; SameSite=Strict');
    expect(serializeCookie('s', '', { path: '/', maxAge: -5, secure: true })).toBe(
      's=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
    expect(() => serializeCookie('s', 'a;b', { path: '/', maxAge: 1, secure: false })).toThrow();
  });
});
