import { describe, expect, it } from 'vitest';
import { csvField } from './csv.js';

describe('csvField', () => {
  it('quotes separators, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('Évacuation')).toBe('Évacuation');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dit "non"')).toBe('"dit ""non"""');
    expect(csvField('ligne\nsuivante')).toBe('"ligne\nsuivante"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('quotes the separator it is given', () => {
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a;b', ',')).toBe('a;b');
    expect(csvField('a,b')).toBe('a,b');
    expect(csvField('=cmd', ',')).toBe("'=cmd");
    expect(csvField('+1,2', ',')).toBe('"\'+1,2"');
  });
});
