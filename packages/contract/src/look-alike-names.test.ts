import { describe, expect, it } from 'vitest';
import { canonicalName, mixedScriptWord, nameIssues, nameKey } from './look-alike-names.js';

const NFC = 'Évacuation';
const NFD = 'E\u0301vacuation';
const ZERO_WIDTH = 'Éva\u200Bcuation';
const CYRILLIC = '\u0415vacuation'; // Cyrillic capital Ie, then Latin

describe('look-alike names', () => {
  it('gives the same key to a name decomposed, with invisible characters, full-width or in another case', () => {
    for (const name of [
      NFD,
      ZERO_WIDTH,
      'É\u00ADvacuation',
      '\uFEFFÉvacuation\u200E',
      ' ÉVACUATION ',
    ])
      expect(nameKey(name), JSON.stringify(name)).toBe(nameKey(NFC));
    expect(nameKey('Ｃｏｎｆｉｎｅｍｅｎｔ')).toBe(nameKey('Confinement'));
    expect(nameKey('Evacuation')).not.toBe(nameKey(NFC));
    expect(nameKey(CYRILLIC)).not.toBe(nameKey('Evacuation'));
  });

  it('stores names in NFC without invisible characters, but keeps emoji whole and bidi controls for the checks', () => {
    expect(canonicalName(` ${NFD} `)).toBe(NFC);
    expect(canonicalName(ZERO_WIDTH)).toBe(NFC);
    expect(canonicalName('Pompier 👩‍🚒 🍽️')).toBe('Pompier 👩‍🚒 🍽️');
    expect(canonicalName('Zone \u202Egpj')).toBe('Zone \u202Egpj');
  });

  it('finds a word mixing scripts, and lets scripts that mix by nature or sit side by side be', () => {
    expect(mixedScriptWord(CYRILLIC)).toEqual({ word: CYRILLIC, scripts: ['cyrillique', 'latin'] });
    expect(mixedScriptWord('Alerte Сonfinement')?.scripts).toEqual(['cyrillique', 'latin']);
    expect(mixedScriptWord('Alerte αlpha')?.scripts).toEqual(['grec', 'latin']);
    // A zero-width space does not split the word.
    expect(mixedScriptWord('\u0415\u200Bvacuation')?.word).toBe(CYRILLIC);
    for (const name of [
      NFC,
      NFD,
      'Évacuation Эвакуация',
      'Évacuation – إخلاء',
      'l’évacuation n°2',
      'Zone 3B',
      '避難テスト',
      'Alerte 緊急',
    ])
      expect(mixedScriptWord(name), name).toBeNull();
  });

  it('says in French what is wrong with a stored name', () => {
    expect(nameIssues(NFC)).toEqual([]);
    expect(nameIssues(NFD)).toEqual([expect.stringMatching(/forme Unicode décomposée/)]);
    expect(nameIssues(ZERO_WIDTH)).toEqual(['contient un caractère invisible (U+200B)']);
    expect(nameIssues(CYRILLIC)).toEqual([
      expect.stringMatching(
        /^mélange plusieurs écritures dans le mot « Еvacuation » \(cyrillique et latin\)/,
      ),
    ]);
  });
});
