import type { Element } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './content-language';

const element = (elementid: number, lang?: 'fr' | 'en'): Element => ({
  elementid,
  zoneid: 1,
  order: elementid,
  value: `media/images/${elementid}.svg`,
  type: 'image',
  addingdate: '2026-11-01T00:00:00.000Z',
  ...(lang ? { lang } : {}),
});
const ids = (elements: readonly Element[]) => elements.map((item) => item.elementid);

describe('chooseLanguage', () => {
  // French elements as a server sends them (no `lang`) and as an older snapshot has them.
  const zone = [element(1), element(2, 'fr'), element(3, 'en'), element(4, 'en')];

  it('gives an English page the English version, never mixed with the French one', () => {
    const choice = chooseLanguage(zone, 'en');
    expect(ids(choice.elements)).toEqual([3, 4]);
    expect(choice).toMatchObject({ language: 'en', fallback: false });
  });

  it('gives a French page the French elements only, an element without a language being French', () => {
    const choice = chooseLanguage(zone, 'fr');
    expect(ids(choice.elements)).toEqual([1, 2]);
    expect(choice).toMatchObject({ language: 'fr', fallback: false });
  });

  it('falls back to French, flagged, when the zone has no English version', () => {
    const choice = chooseLanguage([element(1), element(2)], 'en');
    expect(ids(choice.elements)).toEqual([1, 2]);
    expect(choice).toMatchObject({ language: 'fr', fallback: true });
  });

  it('an empty zone is an empty French one', () => {
    expect(chooseLanguage([], 'en')).toEqual({ elements: [], language: 'fr', fallback: true });
    expect(chooseLanguage([], 'fr')).toEqual({ elements: [], language: 'fr', fallback: false });
  });
});
