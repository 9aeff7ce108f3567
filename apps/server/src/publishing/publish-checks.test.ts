import { describe, expect, it } from 'vitest';
import { checkContent, isMediaValue, translationWarnings } from './publish-checks.js';

describe('publish checks', () => {
  it('recognises media values, with or without the leading slash', () => {
    expect(isMediaValue('media/uploads/1/a.webp')).toBe(true);
    expect(isMediaValue('/media/images/a.png')).toBe(true);
    expect(isMediaValue('pdf/uploads/1/a.pdf')).toBe(true);
    expect(isMediaValue('Texte libre')).toBe(false);
    expect(isMediaValue('https://exemple.fr/media/a.png')).toBe(false);
  });

  it('looks only at the items a publish writes, when told which', () => {
    const content = {
      zone: [{ zoneid: 1, zonename: 'Menu' }],
      element: [
        { elementid: 1, zoneid: 1, value: 'media/images/absent.svg' },
        { elementid: 2, zoneid: 1, value: 'media/images/absent-aussi.svg' },
      ],
      subgroup: [],
      subelement: [],
    };
    const all = checkContent({ content, mediaValues: new Set(), models: new Map() });
    expect(all.map((problem) => problem.elementid)).toEqual([1, 2]);
    const one = checkContent({
      content,
      mediaValues: new Set(),
      models: new Map(),
      touched: new Set(['element:2']),
    });
    expect(one.map((problem) => problem.elementid)).toEqual([2]);
  });
});

describe('translation warnings', () => {
  const zone = (zoneid: number, zonename: string) => ({ zoneid, zonename });
  const element = (elementid: number, zoneid: number, lang?: string) => ({
    elementid,
    zoneid,
    value: 'x',
    ...(lang ? { lang } : {}),
  });

  it('names each visitor zone with French content and no English element, in the list’s order', () => {
    const warnings = translationWarnings({
      zone: [
        zone(1, 'Politiques qualité'),
        zone(2, "Numéros d'urgence"),
        zone(3, 'EPI'),
        zone(4, 'Menu'),
        zone(5, 'PTI'),
      ],
      element: [
        // French only: warned (a row logged before migration 009 has no lang and is French).
        element(1, 1, 'fr'),
        element(2, 2),
        // French and English: translated.
        element(3, 3, 'fr'),
        element(4, 3, 'en'),
        // Not a visitor zone.
        element(5, 4, 'fr'),
        // PTI has no element at all: nothing to translate.
      ],
    });
    expect(warnings.map((warning) => [warning.code, warning.zoneid, warning.zonename])).toEqual([
      ['missing-translation', 2, "Numéros d'urgence"],
      ['missing-translation', 1, 'Politiques qualité'],
    ]);
    expect(warnings[0]!.message).toBe(
      "Zone « Numéros d'urgence » (page visiteurs « Urgence ») n’a pas de version anglaise : les visiteurs en anglais la verront en français.",
    );
  });

  it('has nothing to say when every visitor zone is translated or absent', () => {
    expect(
      translationWarnings({
        zone: [zone(1, 'Plan du site')],
        element: [element(1, 1, 'fr'), element(2, 1, 'en')],
      }),
    ).toEqual([]);
  });
});
