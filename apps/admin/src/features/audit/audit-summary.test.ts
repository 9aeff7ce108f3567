import { describe, expect, it } from 'vitest';
import { repeatCount, repeatSummary, summarize } from './audit-summary';

describe('summarize', () => {
  it('describes an edit as before → after, per field', () => {
    expect(summarize({ before: { value: 'media/a.svg' }, after: { value: 'media/b.svg' } })).toBe(
      'valeur : « media/a.svg » → « media/b.svg »',
    );
  });

  it('shows dates as dates', () => {
    expect(
      summarize({
        before: { addingdate: '2026-07-26T08:00:00.000Z' },
        after: { addingdate: '2026-07-27T08:00:00.000Z' },
      }),
    ).toMatch(/^date d’ajout : \d{2}\/07\/2026 \d{2}:\d{2} → \d{2}\/07\/2026/);
  });

  it('describes creations, deletions, reorders and publications', () => {
    expect(summarize({ after: { zonename: 'Menu', type: 'images', zoneid: 3 } })).toBe(
      'nom : « Menu » ; type : « images »',
    );
    expect(summarize({ deleted: { zonename: 'Menu', elements: 2 } })).toBe('supprimé : « Menu »');
    expect(summarize({ ids: [3, 1, 2] })).toBe('nouvel ordre de 3 éléments');
    expect(summarize({ message: { type: 'sync' }, delivered: 2 })).toBe(
      '2 totems connectés prévenus',
    );
  });

  it('lists flat values, and falls back to compact JSON for nested ones', () => {
    expect(summarize({ ip: '127.0.0.1' })).toBe('adresse : « 127.0.0.1 »');
    expect(summarize({ nested: { a: [1] } })).toBe('{"nested":{"a":[1]}}');
    expect(summarize(null)).toBe('');
  });
});

describe('a folded entry of refused calls (issue 40, item 5)', () => {
  it('says how many calls one entry stands for, and when the latest was', () => {
    const folded = { count: 6000, lastAt: '2026-07-27T08:05:00.000Z' };
    expect(repeatCount(folded)).toBe('× 6\u202f000');
    expect(repeatSummary(folded)).toMatch(
      /^6\u202f000 tentatives refusées, la dernière le 27\/07\/2026 \d{2}:05$/,
    );
    expect(summarize({ method: 'POST', ip: '10.0.0.7', token: 'wrong' })).toBe(
      'méthode : « POST » ; adresse : « 10.0.0.7 » ; jeton : « wrong »',
    );
  });

  it('adds nothing to an entry of one event', () => {
    expect(repeatCount({ count: 1 })).toBeNull();
    expect(repeatSummary({ count: 1, lastAt: null })).toBeNull();
  });
});
