/**
 * The visitor home (spec §2 "Visitor routes"): seven buttons, a French/English switch and, for
 * staff who came here from their home, a way back. A first version for the shell; the visitor
 * screens (issue 6) may restyle it. Choosing a language resets the breadcrumb to Home/Visitors in
 * that language (spec §4).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouteButton, type RouteButtonTone } from '../../components/route-button/route-button';
import type { Language } from '../../i18n/i18n';
import { STAFF_HOME_PATH, useUiStore, VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';
import { usePageFrame } from '../layout/page-frame';
import { homeIcons } from './home-icons';
import './home.css';

type VisitorKey =
  'groupe' | 'siteNeubourg' | 'gamme' | 'hse' | 'qualite' | 'environnement' | 'urgence';

const VISITOR_BUTTONS: { key: VisitorKey; icon: keyof typeof homeIcons; tone: RouteButtonTone }[] =
  [
    { key: 'groupe', icon: 'groupe', tone: 'corail' },
    { key: 'siteNeubourg', icon: 'site', tone: 'corail' },
    { key: 'gamme', icon: 'clients', tone: 'blanc' },
    { key: 'hse', icon: 'hse', tone: 'blanc' },
    { key: 'qualite', icon: 'qualite', tone: 'blanc' },
    { key: 'environnement', icon: 'environnement', tone: 'vert' },
    { key: 'urgence', icon: 'urgence', tone: 'rouge' },
  ];

export default function VisitorHome() {
  const { t, i18n } = useTranslation();
  const parcours = useUiStore((state) => state.parcours);
  const language = useUiStore((state) => state.language);
  const setLanguage = useUiStore((state) => state.setLanguage);
  const setCrumbs = useUiStore((state) => state.setCrumbs);

  usePageFrame({ title: t('pages.visiteur'), showHeadband: false });

  useEffect(() => {
    const fixed = i18n.getFixedT(language);
    setCrumbs([
      { label: fixed('breadcrumb.home'), path: STAFF_HOME_PATH },
      { label: fixed('breadcrumb.visitors'), path: VISITOR_HOME_PATH },
    ]);
  }, [i18n, language, setCrumbs]);

  const choose = (next: Language) => setLanguage(next);

  return (
    <div className="visitor-home">
      <header className="visitor-home__welcome">
        <h2 className="visitor-home__title">{t('visitorHome.title')}</h2>
        <p className="visitor-home__intro">{t('visitorHome.intro')}</p>
        <div
          className="visitor-home__languages"
          role="group"
          aria-label={t('visitorHome.language')}
        >
          {(['fr', 'en'] as const).map((code) => (
            <button
              key={code}
              type="button"
              lang={code}
              className={`visitor-home__language${language === code ? ' visitor-home__language--active' : ''}`}
              aria-pressed={language === code}
              onClick={() => choose(code)}
            >
              {code === 'fr' ? 'Français' : 'English'}
            </button>
          ))}
        </div>
      </header>
      <nav className="visitor-home__buttons" aria-label={t('pages.visiteur')}>
        {VISITOR_BUTTONS.map((button) => (
          <RouteButton
            key={button.key}
            to={`${VISITOR_HOME_PATH}/${button.key}`}
            titles={[t(`visitorHome.${button.key}`)]}
            tone={button.tone}
            icon={homeIcons[button.icon]}
            size={button.key === 'urgence' ? 'wide' : 'large'}
          />
        ))}
      </nav>
      {parcours !== 'visiteur' && (
        <Link to={STAFF_HOME_PATH} className="kiosk-button kiosk-button--light visitor-home__back">
          {t('visitorHome.backToStaff')}
        </Link>
      )}
    </div>
  );
}
