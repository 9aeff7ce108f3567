/**
 * i18next set-up. One instance for the whole kiosk, initialised synchronously from bundled
 * resources (no HTTP backend: the kiosk must start offline). A key missing in every language
 * renders the docs/product.md#errors text `missing translation for key: {key}` so that a gap is visible on screen
 * and easy to report, instead of a silent empty label.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { fr } from './fr';

export type Language = 'fr' | 'en';
export const LANGUAGES: readonly Language[] = ['fr', 'en'];

export const missingTranslation = (key: string) => `missing translation for key: ${key}`;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr };
  }
}

export const i18n: I18n = i18next.createInstance();

let initialised = false;

/** Initialise i18next once (idempotent); safe to call from main.tsx and from tests. */
export function initI18n(language: Language = 'fr'): I18n {
  if (initialised) return i18n;
  initialised = true;
  void i18n.use(initReactI18next).init({
    resources: { fr: { translation: fr }, en: { translation: en } },
    lng: language,
    fallbackLng: 'fr',
    supportedLngs: LANGUAGES,
    // Resources are bundled: initialise synchronously so the first render already has its texts.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: (key: string) => missingTranslation(key),
    // A kiosk console is read by people debugging it: keep it free of advertising.
    showSupportNotice: false,
  });
  return i18n;
}

/** Switch the global instance's language (used outside the frame: login, root error screen). */
export function applyLanguage(language: Language) {
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

const perLanguage = new Map<Language, I18n>();

/**
 * An instance fixed to one language, sharing the resources of the global one. The frame hands it
 * to react-i18next through a provider chosen during render, so a page mounted by the same
 * navigation that changes the language (an English visitor page → a French staff page) renders
 * in the right language at once. Changing the global language in an effect instead would come
 * after that page's first render, and react-i18next only re-renders the components that had
 * already subscribed.
 */
export function i18nFor(language: Language): I18n {
  initI18n();
  let instance = perLanguage.get(language);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: language, initAsync: false });
    perLanguage.set(language, instance);
  }
  return instance;
}
