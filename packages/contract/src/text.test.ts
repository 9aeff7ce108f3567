import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { cleanFileName, PLAIN_NAME_PATTERN, PlainName } from './text.js';

const good = ['Cantine', 'Cantine 🍽️', 'مطعم', 'Zone « été »', 'a'];
const bad = [
  'Zone \uD83D fin',
  'Zone \uDE00 fin',
  'fin \uD83D',
  '\uDE00',
  'Zone \u202Egpj.exe',
  'Zone \u2066x\u2069',
  ' espace',
  'espace ',
  'deux\nlignes',
  '',
];

describe('PlainName', () => {
  it('gives the same verdict with and without the u flag (Ajv, TypeBox in the browser)', () => {
    for (const flags of ['', 'u']) {
      const pattern = new RegExp(PLAIN_NAME_PATTERN, flags);
      for (const name of good) expect(pattern.test(name), `${flags} ${name}`).toBe(true);
      for (const name of bad)
        expect(pattern.test(name), `${flags} ${JSON.stringify(name)}`).toBe(false);
    }
  });

  it('is what the TypeBox checker applies', () => {
    const schema = PlainName({ maxLength: 120 });
    expect(Value.Check(schema, 'Cantine 🍽️')).toBe(true);
    expect(Value.Check(schema, 'Zone \u202Egpj.exe')).toBe(false);
  });
});

describe('cleanFileName', () => {
  it('removes control and bidi characters and lone surrogates, keeps the rest', () => {
    expect(cleanFileName('pla\u0000n\u0007\u202Egnp.png')).toBe('plangnp.png');
    expect(cleanFileName('été 🍽️\uD83D.pdf')).toBe('été 🍽️.pdf');
    expect(cleanFileName(' \u0085 ')).toBe('');
  });
});
