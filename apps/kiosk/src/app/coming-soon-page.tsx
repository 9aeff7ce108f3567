/**
 * Stand-in for the pages of issues 4–6 not built yet: the frame, the page title, and a clear
 * "to come" mark. The lead replaces each route's element with the real page.
 */
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { sectionId, usePageFrame } from '../features/layout/page-frame';
import './coming-soon-page.css';

export type PageTitleKey = Extract<ParseKeys, `pages.${string}`>;

export interface ComingSoonPageProps {
  titleKey: PageTitleKey;
  /** The page's future sections: each gets an anchor button and an empty section. */
  anchors?: string[];
}

export default function ComingSoonPage({ titleKey, anchors = [] }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageFrame({ title, anchors });
  return (
    <div className="coming-soon">
      <div className="coming-soon__intro">
        <span className="coming-soon__badge">{t('comingSoon.badge')}</span>
        <h2 className="coming-soon__title">{title}</h2>
        <p className="coming-soon__text">{t('comingSoon.text')}</p>
      </div>
      {anchors.map((label, index) => (
        <section key={label} id={sectionId(index)} className="coming-soon__section">
          <h3>{label}</h3>
        </section>
      ))}
    </div>
  );
}
