import { describe, expect, it } from 'vitest';
import { repeatCount, repeatSummary, summarize } from './audit-summary';

const PARIS = 'Europe/Paris';

describe('summarize', () => {
  it('describes an edit as before → after, per field', () => {
    expect(
      summarize({ before: { value: 'media/a.svg' }, after: { value: 'media/b.svg' } }, PARIS),
    ).toBe('valeur : « media/a.svg » → « media/b.svg »');
  });

  it('shows dates as dates, in the plant’s zone whatever the browser’s', () => {
    const edit = {
      before: { addingdate: '2026-07-26T08:00:00.000Z' },
      after: { addingdate: '2026-07-27T08:00:00.000Z' },
    };
    expect(summarize(edit, PARIS)).toBe('date d’ajout : 26/07/2026 10:00 → 27/07/2026 10:00');
    expect(summarize(edit, 'America/New_York')).toBe(
      'date d’ajout : 26/07/2026 04:00 → 27/07/2026 04:00',
    );
  });

  it('describes creations, deletions, reorders and publications', () => {
    expect(summarize({ after: { zonename: 'Menu', type: 'images', zoneid: 3 } }, PARIS)).toBe(
      'nom : « Menu » ; type : « images »',
    );
    expect(summarize({ deleted: { zonename: 'Menu', elements: 2 } }, PARIS)).toBe(
      'supprimé : « Menu »',
    );
    expect(summarize({ ids: [3, 1, 2] }, PARIS)).toBe('nouvel ordre de 3 éléments');
    expect(summarize({ message: { type: 'sync' }, delivered: 2 }, PARIS)).toBe(
      '2 totems connectés prévenus',
    );
  });

  it('lists flat values, and falls back to compact JSON for nested ones', () => {
    expect(summarize({ ip: '127.0.0.1' }, PARIS)).toBe('adresse : « 127.0.0.1 »');
    expect(summarize({ nested: { a: [1] } }, PARIS)).toBe('{"nested":{"a":[1]}}');
    expect(summarize(null, PARIS)).toBe('');
  });
});

describe('a folded entry of refused calls (issue 40, item 5)', () => {
  it('says how many calls one entry stands for, and when the latest was', () => {
    const folded = { count: 6000, lastAt: '2026-07-27T08:05:00.000Z' };
    expect(repeatCount(folded)).toBe('× 6\u202f000');
    expect(repeatSummary(folded, PARIS)).toBe(
      '6\u202f000 tentatives refusées, la dernière le 27/07/2026 10:05',
    );
    expect(repeatSummary(folded, 'Asia/Tokyo')).toBe(
      '6\u202f000 tentatives refusées, la dernière le 27/07/2026 17:05',
    );
    expect(summarize({ method: 'POST', ip: '10.0.0.7', token: 'wrong' }, PARIS)).toBe(
      'méthode : « POST » ; adresse : « 10.0.0.7 » ; jeton : « wrong »',
    );
  });

  it('adds nothing to an entry of one event', () => {
    expect(repeatCount({ count: 1 })).toBeNull();
    expect(repeatSummary({ count: 1, lastAt: null }, PARIS)).toBeNull();
  });
});
