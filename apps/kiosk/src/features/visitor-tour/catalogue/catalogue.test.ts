import { describe, expect, it } from 'vitest';
import {
  DOSAGES_MICROLITRES,
  PRODUCT_CATEGORIES,
  catalogueEn,
  catalogueFr,
  formatDosage,
  getCatalogue,
  productSheets,
  type PlantTourCatalogue,
} from './index';

type Language = 'fr' | 'en';

/**
 * Every way two catalogues differ in shape: keys present in one language only, arrays of another
 * length, a value of another type, or a language-neutral value (number) that differs. Texts may
 * differ (that is the point of translating), so two strings never count as a difference.
 */
function shapeDifferences(fr: unknown, en: unknown, path = 'catalogue'): string[] {
  if (Array.isArray(fr) || Array.isArray(en)) {
    if (!Array.isArray(fr) || !Array.isArray(en)) return [`${path}: a list in one language only`];
    if (fr.length !== en.length) return [`${path}: ${fr.length} items in fr, ${en.length} in en`];
    return fr.flatMap((item, index) => shapeDifferences(item, en[index], `${path}[${index}]`));
  }
  if (isRecord(fr) && isRecord(en)) {
    const missingInEn = Object.keys(fr).filter((key) => !(key in en));
    const missingInFr = Object.keys(en).filter((key) => !(key in fr));
    return [
      ...missingInEn.map((key) => `${path}.${key}: missing in en`),
      ...missingInFr.map((key) => `${path}.${key}: missing in fr`),
      ...Object.keys(fr)
        .filter((key) => key in en)
        .flatMap((key) => shapeDifferences(fr[key], en[key], `${path}.${key}`)),
    ];
  }
  if (typeof fr !== typeof en) return [`${path}: ${typeof fr} in fr, ${typeof en} in en`];
  if (typeof fr === 'string') return [];
  return Object.is(fr, en) ? [] : [`${path}: ${String(fr)} in fr, ${String(en)} in en`];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every text of a catalogue (or part of one) with its key path, for content checks. */
function texts(value: unknown, path = 'catalogue'): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}[${index}]`));
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, child]) => texts(child, `${path}.${key}`));
  return [];
}

/**
 * The numbers written in a text, read the way its language writes them: French "13 000" and
 * "4,15", English "13,000" and "4.15". "3D" is a name, not a figure.
 */
function numbersIn(text: string, language: Language): number[] {
  const withoutNames = text.replace(/\b3D\b/g, '');
  if (language === 'fr') {
    const matches = withoutNames.match(/\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?:,\d+)?|\d+(?:,\d+)?/g);
    return (matches ?? []).map((match) =>
      Number(match.replace(/[\u00a0\u202f ]/g, '').replace(',', '.')),
    );
  }
  const matches = withoutNames.match(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g);
  return (matches ?? []).map((match) => Number(match.replace(/,/g, '')));
}

/**
 * docs/product.md#constants content facts, as numbers. "About 500 million pumps" is deliberately absent: we picked
 * 684 million, so a stray 500 in a text means the two values got mixed.
 */
const SPEC_FIGURES = new Set([
  // plant
  1947, 1963, 690, 2023, 205, 96_000, 20_000, 684, 10_000, 68, 10, 300, 450, 755, 4.15, 100, 60,
  3_000, 6, 24, 7,
  // group and beauty division
  13_000, 20, 3.5, 1.27, 25, 1_000, 14,
  // 2025 targets and the 0-to-1 circularity indicator
  2025, 0, 1,
]);

const catalogues: Record<Language, PlantTourCatalogue> = { fr: catalogueFr, en: catalogueEn };
const languages: Language[] = ['fr', 'en'];
const normaliseSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const allText = (language: Language) =>
  normaliseSpaces(
    texts(catalogues[language])
      .map(({ text }) => text)
      .join('\n'),
  );

describe('plant-tour catalogue shape', () => {
  it('has the same keys, list lengths and language-neutral values in French and English', () => {
    expect(shapeDifferences(catalogueFr, catalogueEn)).toEqual([]);
  });

  it('reports a key, a sheet or a bullet missing in one language', () => {
    const broken = structuredClone(catalogueEn) as unknown as Record<string, unknown>;
    const sheets = broken.productSheets as Record<string, Record<string, unknown>>;
    delete sheets['21'];
    delete (broken.visitorHome as Record<string, unknown>).safetyTitle;
    (sheets['1']?.benefits as string[]).pop();
    expect(shapeDifferences(catalogueFr, broken).sort()).toEqual([
      'catalogue.productSheets.1.benefits: 4 items in fr, 3 in en',
      'catalogue.productSheets.21: missing in en',
      'catalogue.visitorHome.safetyTitle: missing in en',
    ]);
  });

  it('refuses at compile time a language with a product sheet missing', () => {
    // @ts-expect-error -- all 21 sheets are required: a missing one must not type-check
    const incomplete: PlantTourCatalogue['productSheets'] = { 1: catalogueFr.productSheets[1] };
    expect(Object.keys(incomplete)).toHaveLength(1);
  });

  it.each(languages)('has only non-empty plain-text strings (%s)', (language) => {
    const problems = texts(catalogues[language]).filter(
      ({ text }) =>
        text.trim() === '' ||
        text !== text.trim() ||
        /<\/?[a-z][^>]*>/i.test(text) ||
        / {2}/.test(text) ||
        text.includes("'"),
    );
    expect(problems).toEqual([]);
  });

  it('returns the catalogue of the requested language', () => {
    expect(getCatalogue('fr')).toBe(catalogueFr);
    expect(getCatalogue('en')).toBe(catalogueEn);
    expect(getCatalogue('fr').productRange.cards.tabs).toEqual({
      benefits: 'Avantages',
      sustainability: 'Durabilité',
    });
    expect(getCatalogue('en').productRange.cards.tabs).toEqual({
      benefits: 'Benefits',
      sustainability: 'Sustainability',
    });
    // docs/product.md#screens: 'Téléchargez le catalogue' (English: 'Download the catalogue') — totem-size screen
    // fixes.
    expect(getCatalogue('fr').productRange.brochures.downloadLabel).toBe(
      'Téléchargez le catalogue',
    );
    expect(getCatalogue('en').productRange.brochures.downloadLabel).toBe('Download the catalogue');
  });

  it('names the seven visitor buttons in both languages', () => {
    for (const language of languages) {
      expect(Object.keys(catalogues[language].visitorButtons)).toEqual([
        'group',
        'plant',
        'productRange',
        'hse',
        'quality',
        'environment',
        'emergency',
      ]);
    }
  });

  it('titles the plant sections with the zone names of docs/product.md#content-model', () => {
    const sections = (language: Language) => {
      const site = catalogues[language].plantSite;
      return [site.introduction, site.moldingUnit, site.assemblyUnit, site.supportDepartments].map(
        (section) => section.title,
      );
    };
    expect(sections('fr')).toEqual([
      'Présentation site',
      'Moulage',
      'Assemblage',
      'Services support',
    ]);
    expect(sections('en')).toEqual([
      'Plant introduction',
      'Molding unit',
      'Assembly unit',
      'Support departments',
    ]);
  });
});

describe('product sheets', () => {
  it.each(languages)('lists exactly the 21 sheets, ids 1 to 21 in order (%s)', (language) => {
    const sheets = productSheets(language);
    expect(sheets.map((sheet) => sheet.id)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(new Set(sheets.map((sheet) => sheet.name)).size).toBe(21);
  });

  it('gives each sheet the same category and dosages in both languages', () => {
    const neutral = (language: Language) =>
      productSheets(language).map(({ id, category, dosageOptions }) => ({
        id,
        category,
        dosageOptions,
      }));
    expect(neutral('en')).toEqual(neutral('fr'));
  });

  it('filters sheets by category and covers every category', () => {
    for (const category of PRODUCT_CATEGORIES) {
      const sheets = productSheets('en', category);
      expect(sheets.length).toBeGreaterThan(0);
      expect(sheets.every((sheet) => sheet.category === category)).toBe(true);
    }
    const counted = PRODUCT_CATEGORIES.map((category) => productSheets('fr', category).length);
    expect(counted.reduce((sum, count) => sum + count, 0)).toBe(21);
  });

  it.each(languages)(
    'has 3-5 benefits, 2-4 sustainability lines and a tagline (%s)',
    (language) => {
      for (const sheet of productSheets(language)) {
        expect(sheet.benefits.length, `sheet ${sheet.id}`).toBeGreaterThanOrEqual(3);
        expect(sheet.benefits.length, `sheet ${sheet.id}`).toBeLessThanOrEqual(5);
        expect(sheet.sustainability.length, `sheet ${sheet.id}`).toBeGreaterThanOrEqual(2);
        expect(sheet.sustainability.length, `sheet ${sheet.id}`).toBeLessThanOrEqual(4);
        expect(sheet.tagline.length, `sheet ${sheet.id}`).toBeGreaterThan(0);
      }
    },
  );

  it('only offers the dosages of the spec (150, 200, 240 or 500 µl)', () => {
    const allowed: readonly number[] = DOSAGES_MICROLITRES;
    const used = productSheets('fr').flatMap((sheet) => sheet.dosageOptions);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((dosage) => !allowed.includes(dosage))).toEqual([]);
    for (const sheet of productSheets('fr')) {
      expect(new Set(sheet.dosageOptions).size, `sheet ${sheet.id}`).toBe(
        sheet.dosageOptions.length,
      );
    }
  });

  it('has chips where they apply and leaves them out where they do not', () => {
    const sheets = productSheets('en');
    expect(sheets.some((sheet) => sheet.dosageOptions.length === 0)).toBe(true);
    expect(sheets.some((sheet) => sheet.recycledContentOptions.length === 0)).toBe(true);
    expect(sheets.every((sheet) => sheet.sampleColours.length > 0)).toBe(true);
  });

  it('formats a dose chip with its unit on one line', () => {
    expect(formatDosage(150)).toBe('150\u00a0µl');
    expect(formatDosage(500)).toBe('500\u00a0µl');
  });

  it('points the news panel at an existing sheet', () => {
    const { productId } = catalogueEn.productRange.news;
    expect(productSheets('en').find((sheet) => sheet.id === productId)).toBeDefined();
  });
});

describe('figures', () => {
  it.each(languages)(
    'uses only docs/product.md#constants figures outside the product sheets (%s)',
    (language) => {
      const { productSheets: _sheets, ...rest } = catalogues[language];
      const unknown = texts(rest).flatMap(({ path, text }) =>
        numbersIn(text, language)
          .filter((value) => !SPEC_FIGURES.has(value))
          .map((value) => `${path}: ${value}`),
      );
      expect(unknown).toEqual([]);
    },
  );

  it.each(languages)(
    'uses only spec figures and dosages in sheets, and percentages in recycled options (%s)',
    (language) => {
      const allowed = new Set<number>([...SPEC_FIGURES, ...DOSAGES_MICROLITRES]);
      const unknown: string[] = [];
      for (const sheet of productSheets(language)) {
        const { recycledContentOptions, ...textual } = sheet;
        for (const { path, text } of texts(textual, `sheet ${sheet.id}`)) {
          for (const value of numbersIn(text, language)) {
            if (!allowed.has(value)) unknown.push(`${path}: ${value}`);
          }
        }
        for (const option of recycledContentOptions) {
          const percentages = normaliseSpaces(option).match(/\d+(?= ?%)/g) ?? [];
          if (numbersIn(option, language).length !== percentages.length) {
            unknown.push(`sheet ${sheet.id} recycled option "${option}": a number is not a %`);
          }
          if (percentages.some((value) => Number(value) > 100)) {
            unknown.push(`sheet ${sheet.id} recycled option "${option}": over 100%`);
          }
        }
      }
      expect(unknown).toEqual([]);
    },
  );

  it('reads figures the way each language writes them', () => {
    expect(
      numbersIn('13\u00a0000 collaborateurs, 4,15 milliards, 3\u00a0000 impressions 3D', 'fr'),
    ).toEqual([13_000, 4.15, 3_000]);
    expect(numbersIn('13,000 employees, 4.15 billion, 24/7 in 1963.', 'en')).toEqual([
      13_000, 4.15, 24, 7, 1963,
    ]);
  });

  it('states the key plant, group and target figures in French', () => {
    const text = allText('fr');
    for (const figure of [
      '1947',
      '1963',
      'Environ 690',
      '205 M€',
      '96 000 m²',
      '20 000 m²',
      '68 presses',
      '4,15 milliards',
      '684 millions',
      '13 000',
      '3,5 milliards',
      '1,27 milliard',
      '2025',
      '10 %',
      '100 %',
      'entre 0 et 1',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });

  it('states the key plant, group and target figures in English', () => {
    const text = allText('en');
    for (const figure of [
      '1947',
      '1963',
      'About 690',
      '€205 million',
      '96,000 m²',
      '20,000 m²',
      '68 injection presses',
      '4.15 billion',
      '684 million',
      '13,000',
      '3.5 billion',
      '1.27 billion',
      '2025',
      '10%',
      '100%',
      'from 0 to 1',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });

  it('never uses the alternative figure of 500 million pumps', () => {
    expect(allText('fr')).not.toMatch(/500 millions/);
    expect(allText('en')).not.toMatch(/500 million/);
  });

  it('keeps French figures and units together with no-break spaces', () => {
    const breakable = texts(catalogueFr).filter(({ text }) =>
      /\d \d{3}(?!\d)|\d [%€]|\d (?:m²|µl|h\/|j\/|milliards?|millions?|M€)/.test(text),
    );
    expect(breakable).toEqual([]);
  });
});
