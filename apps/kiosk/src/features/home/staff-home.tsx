/**
 * The staff home (docs/product.md#screens "Staff home"): slideshow, the visitors button, the three top buttons,
 * the rows of the current totem type, and the scrolling invitation. Arriving here resets the
 * breadcrumb to "Accueil" and the language to French.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteButton } from '../../components/route-button/route-button';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { HOME_CRUMB, useUiStore, VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';
import { EmergencyFallback } from '../emergency-fallback';
import { usePageFrame } from '../layout';
import { homeButtons, type HomeButtonKey } from './home-buttons';
import { homeIcons } from './home-icons';
import { HomeSlideshow } from './home-slideshow';
import { Marquee } from './marquee';
import './home.css';

export default function StaffHome() {
  const { t } = useTranslation();
  const totem = useUiStore((state) => state.totem);
  const setCrumbs = useUiStore((state) => state.setCrumbs);
  const setLanguage = useUiStore((state) => state.setLanguage);
  // No published address: no tile (issue 41, item 3), rather than a tile to "pas encore configuré".
  const suggestionForm = useSettingsStore((state) => state.settings.suggestionFormUrl !== null);

  usePageFrame({ showHeadband: false });
  useEffect(() => {
    setCrumbs([HOME_CRUMB]);
    setLanguage('fr');
  }, [setCrumbs, setLanguage]);

  const titles: Record<HomeButtonKey, [string, string?]> = {
    moulage: [t('home.moulage')],
    informations: [t('home.informations'), t('home.informationsSubtitle')],
    hse: [t('home.hse'), t('home.hseSubtitle')],
    qualite: [t('home.qualite')],
    autresInformations: [t('home.autresInformations'), t('home.autresInformationsSubtitle')],
    beLean: [t('home.beLean'), t('home.beLeanSubtitle')],
    suggestion: [t('home.suggestion'), t('home.suggestionSubtitle')],
    urgence: [t('home.urgence'), t('home.urgenceSubtitle')],
  };

  return (
    <div className="staff-home" data-totem={totem ?? 'Moulage'}>
      {/* A database lost to a power cut and not rebuilt yet: the numbers first (decision 051). */}
      <EmergencyFallback />
      <HomeSlideshow />
      <div className="staff-home__body">
        <RouteButton
          to={`${VISITOR_HOME_PATH}/`}
          titles={[t('home.visitors'), t('home.visitorsSubtitle')]}
          crumbLabel={t('breadcrumb.visitors')}
          tone="bleu-fonce"
          icon={homeIcons.visitors}
          className="staff-home__visitors"
        />
        <nav className="staff-home__top" aria-label={t('home.buttons')}>
          <RouteButton
            to="/accueil/groupe"
            titles={[t('home.groupe'), t('home.groupeSubtitle')]}
            tone="corail"
            icon={homeIcons.groupe}
            size="large"
          />
          <RouteButton
            to="/accueil/siteNeubourg"
            titles={[t('home.siteNeubourg'), t('home.siteNeubourgSubtitle')]}
            tone="corail"
            icon={homeIcons.site}
            size="large"
          />
          <RouteButton
            to="/accueil/nosClientsNosProduits"
            titles={[t('home.clientsProduits'), t('home.clientsProduitsSubtitle')]}
            tone="corail"
            icon={homeIcons.clients}
            size="large"
          />
        </nav>
        <nav className="staff-home__rows" aria-label={t('home.buttons')} data-testid="home-rows">
          {homeButtons(totem, { suggestionForm }).map((button) => (
            <RouteButton
              key={button.key}
              to={button.to}
              titles={titles[button.key]}
              tone={button.tone}
              icon={homeIcons[button.icon]}
              size={button.wide ? 'wide' : 'medium'}
              className={`staff-home__row-button staff-home__row-button--${button.key}`}
            />
          ))}
        </nav>
        {/* One tap to the numbers (they open the emergency page), even in gloves; outside the rows
            so the emergency button keeps its own place there. */}
        <RouteButton
          to="/accueil/urgence"
          titles={[t('home.emergencyStrip'), t('home.emergencyStripSubtitle')]}
          crumbLabel={t('home.urgence')}
          tone="rouge"
          icon={homeIcons.urgence}
          size="wide"
          className="staff-home__emergency-strip"
        />
        <Marquee text={t('home.marquee')} />
      </div>
    </div>
  );
}
