import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/envelope.js';
import { changes } from '../audit/index.js';
import { checkItemValue, normalizeDate } from './values.js';

const refused = (value: string, type: Parameters<typeof checkItemValue>[1]) => {
  try {
    checkItemValue(value, type);
  } catch (error) {
    return error instanceof HttpError && error.statusCode === 400;
  }
  return false;
};

describe('item values', () => {
  it('accepts server paths and http(s) URLs for media and links, trimmed', () => {
    expect(checkItemValue(' media/images/plan.svg ', 'image')).toBe('media/images/plan.svg');
    expect(checkItemValue('pdf/guide-rh.pdf', 'pdf')).toBe('pdf/guide-rh.pdf');
    expect(checkItemValue('/media/videos/film.webm', 'video')).toBe('/media/videos/film.webm');
    expect(checkItemValue('https://intranet.example/a?b=c', 'link')).toBe(
      'https://intranet.example/a?b=c',
    );
  });

  it('refuses scripts, other schemes, other hosts without a scheme, climbing paths and blanks', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example/a.png',
      'media/../secrets/x',
      'media\\images\\x.png',
      'media/images/\nx.png',
      '   ',
    ]) {
      expect(refused(value, 'image'), value).toBe(true);
    }
  });

  it('checks date values and leaves texts alone', () => {
    expect(checkItemValue('2026-03-01', 'date')).toBe('2026-03-01');
    expect(refused('2026-13-45', 'date')).toBe(true);
    expect(refused('mars', 'date')).toBe(true);
    expect(checkItemValue('javascript: ce n’est qu’un texte', 'text')).toBe(
      'javascript: ce n’est qu’un texte',
    );
  });

  it('normalises dates to UTC ISO strings and lists what changed', () => {
    expect(normalizeDate('2026-03-01T08:00:00+01:00')).toBe('2026-03-01T07:00:00.000Z');
    expect(changes({ a: 1, b: 'x', c: true }, { a: 1, b: 'y', c: false }, ['a', 'b', 'c'])).toEqual(
      {
        before: { b: 'x', c: true },
        after: { b: 'y', c: false },
      },
    );
  });
});
