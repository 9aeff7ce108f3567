import { describe, expect, it } from 'vitest';
import { countsText, kioskName, silentText } from './alert-labels';

describe('the alert page’s counts', () => {
  it('says the totems not expected to be on apart, and leaves them out of the counts', () => {
    const counts = { displayed: 2, waiting: 0, late: 1, offline: 1, silent: 3 };
    expect(countsText(counts)).toBe(
      '2 totems l’affichent · 1 sans confirmation après 5 s · 1 hors ligne',
    );
    expect(silentText(counts)).toBe(
      '3 totems silencieux depuis plus de 15 min, non comptés (éteints ou débranchés ?)',
    );
    expect(silentText({ ...counts, silent: 1 })).toBe(
      '1 totem silencieux depuis plus de 15 min, non compté (éteint ou débranché ?)',
    );
    // None, or a server that predates the count: nothing said.
    expect(silentText({ ...counts, silent: 0 })).toBeNull();
    expect(silentText({ displayed: 0, waiting: 0, late: 0, offline: 0 })).toBeNull();
  });

  it('names a totem by its fleet name, else by the start of its id', () => {
    expect(kioskName({ kioskId: '1234567890abcdef', name: 'Hall d’accueil' })).toBe(
      'Hall d’accueil',
    );
    expect(kioskName({ kioskId: '1234567890abcdef', name: null })).toBe('12345678');
    expect(kioskName({ kioskId: '1234567890abcdef' })).toBe('12345678');
  });
});
