import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { applyLanguage, i18n, initI18n } from './i18n';

describe('i18n', () => {
  initI18n();

  it('returns the spec text for a key missing in every language', () => {
    // @ts-expect-error -- deliberately unknown key
    expect(i18n.t('pages.doesNotExist')).toBe('missing translation for key: pages.doesNotExist');
  });

  it('translates in French by default and in English on demand', () => {
    applyLanguage('fr');
    expect(i18n.t('login.submit')).toBe('Se connecter');
    applyLanguage('en');
    expect(i18n.t('banner.home')).toBe('Home');
    expect(i18n.t('idle.page', { current: '2', total: '5' })).toBe('Page 2 / 5');
    applyLanguage('fr');
  });

  it('has the same keys in English as in French', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        typeof child === 'string' ? [prefix + key] : keys(child as object, `${prefix}${key}.`),
      );
    expect(keys(en).sort()).toEqual(keys(fr).sort());
  });
});
