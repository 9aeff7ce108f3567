/**
 * The small "FR" mark of a zone shown in French on an English visitor page because it has no
 * English version yet (English content, decision 021). The letters are for the eye (and spoken as
 * French would be wrong: they are hidden from screen readers); a screen reader hears the sentence
 * instead, in the page's language.
 */
import { useTranslation } from 'react-i18next';

export function FrenchMark() {
  const { t } = useTranslation();
  return (
    <p className="visitor-fr-mark">
      <span className="visitor-fr-mark__badge" lang="fr" aria-hidden="true">
        FR
      </span>
      <span className="visually-hidden">{t('visitorPages.common.frenchOnly')}</span>
    </p>
  );
}
