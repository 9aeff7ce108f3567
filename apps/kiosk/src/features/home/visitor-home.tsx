/**
 * The visitor home (docs/product.md#screens "Visitor routes"): a welcome in the visitor's language, the
 * French/English switch, the seven topic tiles of the plant tour, the visitor rules as plain text
 * (docs/product.md#purpose: shown, never enforced) and, for employees who came from their home, a way back.
 *
 * Choosing a language resets the breadcrumb to Home/Visitors in that language (docs/product.md#states). Texts
 * come from the plant-tour catalogue (features/visitor-tour) in the language of the page.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouteButton, type RouteButtonTone } from '../../components/route-button/route-button';
import type { Language } from '../../i18n/i18n';
import { STAFF_HOME_PATH, useUiStore, VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';
import { usePageFrame } from '../layout';
import {
  useVisitorLanguage,
  VISITOR_PAGE_TITLE_KEYS,
  visitorPath,
  type VisitorPageSlug,
} from '../visitor-pages';
import { getCatalogue, type PlantTourCatalogue } from '../visitor-tour';
import { homeIcons } from './home-icons';
import './visitor-home.css';

type ButtonKey = keyof PlantTourCatalogue['visitorButtons'];

/** The seven tiles, in the order docs/product.md#purpose lists them. */
const VISITOR_BUTTONS: {
  key: ButtonKey;
  slug: VisitorPageSlug;
  icon: keyof typeof homeIcons;
  tone: RouteButtonTone;
}[] = [
  { key: 'group', slug: 'groupe', icon: 'groupe', tone: 'corail' },
  { key: 'plant', slug: 'siteNeubourg', icon: 'site', tone: 'corail' },
  { key: 'productRange', slug: 'gamme', icon: 'clients', tone: 'bleu-fonce' },
  { key: 'hse', slug: 'hse', icon: 'hse', tone: 'blanc' },
  { key: 'quality', slug: 'qualite', icon: 'qualite', tone: 'blanc' },
  { key: 'environment', slug: 'environnement', icon: 'environnement', tone: 'vert' },
  { key: 'emergency', slug: 'urgence', icon: 'urgence', tone: 'rouge' },
];

const LANGUAGE_BUTTONS: {
  code: Language;
  labelKey: 'visitorHome.french' | 'visitorHome.english';
}[] = [
  { code: 'fr', labelKey: 'visitorHome.french' },
  { code: 'en', labelKey: 'visitorHome.english' },
];

export default function VisitorHome() {
  const { t, i18n } = useTranslation();
  const parcours = useUiStore((state) => state.parcours);
  const chosen = useUiStore((state) => state.language);
  const setLanguage = useUiStore((state) => state.setLanguage);
  const setCrumbs = useUiStore((state) => state.setCrumbs);
  const language = useVisitorLanguage();
  const catalogue = getCatalogue(language);

  usePageFrame({ title: t('pages.visiteur'), showHeadband: false });

  // From the chosen language, not the page's: the crumbs must follow a tap on the switch at once.
  useEffect(() => {
    const fixed = i18n.getFixedT(chosen);
    setCrumbs([
      { label: fixed('breadcrumb.home'), path: STAFF_HOME_PATH },
      { label: fixed('breadcrumb.visitors'), path: VISITOR_HOME_PATH },
    ]);
  }, [i18n, chosen, setCrumbs]);

  return (
    <div className="visitor-home">
      <header className="visitor-home__welcome">
        <div className="visitor-home__heading">
          <h2 className="visitor-home__title">{catalogue.visitorHome.title}</h2>
          <p className="visitor-home__intro">{catalogue.visitorHome.intro}</p>
        </div>
        <div
          className="visitor-home__languages"
          role="group"
          aria-label={t('visitorHome.language')}
        >
          {LANGUAGE_BUTTONS.map(({ code, labelKey }) => (
            <button
              key={code}
              type="button"
              lang={code}
              className={`visitor-home__language${chosen === code ? ' visitor-home__language--active' : ''}`}
              aria-pressed={chosen === code}
              onClick={() => setLanguage(code)}
            >
              <span className="visitor-home__language-code" aria-hidden="true">
                {code.toUpperCase()}
              </span>
              {t(labelKey)}
            </button>
          ))}
        </div>
      </header>

      <nav className="visitor-home__buttons" aria-label={t('visitorHome.topics')}>
        {VISITOR_BUTTONS.map(({ key, slug, icon, tone }) => {
          const { title, subtitle } = catalogue.visitorButtons[key];
          return (
            <RouteButton
              key={key}
              to={visitorPath(slug)}
              titles={[title, subtitle]}
              crumbLabel={t(VISITOR_PAGE_TITLE_KEYS[slug])}
              tone={tone}
              icon={homeIcons[icon]}
              size={key === 'emergency' ? 'wide' : 'large'}
            />
          );
        })}
      </nav>

      <section className="visitor-home__rules" aria-labelledby="visitor-rules-title">
        <h2 id="visitor-rules-title" className="visitor-home__rules-title">
          {catalogue.visitorHome.rulesTitle}
        </h2>
        <ol className="visitor-home__rules-list">
          {catalogue.visitorHome.rules.map((rule, index) => (
            <li key={rule} className="visitor-home__rule">
              <span className="visitor-home__rule-icon" aria-hidden="true">
                {RULE_ICONS[index] ?? RULE_ICONS[0]}
              </span>
              <span>{rule}</span>
            </li>
          ))}
        </ol>
      </section>

      {parcours !== 'visiteur' && (
        <Link to={STAFF_HOME_PATH} className="kiosk-button kiosk-button--light visitor-home__back">
          {t('visitorHome.backToStaff')}
        </Link>
      )}
    </div>
  );
}

function RuleIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** Register at reception, wear the badge, stay with the host: in the catalogue's rule order. */
const RULE_ICONS = [
  <RuleIcon key="register">
    <rect x="10" y="7" width="28" height="36" rx="3" />
    <path d="M18 7V4h12v3M16 20h16M16 28h16M16 36h9" />
  </RuleIcon>,
  <RuleIcon key="badge">
    <rect x="9" y="14" width="30" height="28" rx="4" />
    <path d="M20 14V6h8v8" />
    <circle cx="24" cy="25" r="4.5" />
    <path d="M16 37a8 8 0 0 1 16 0" />
  </RuleIcon>,
  <RuleIcon key="host">
    <circle cx="16" cy="14" r="5.5" />
    <circle cx="32" cy="14" r="5.5" />
    <path d="M6 40v-5a10 10 0 0 1 20 0v5M22 40v-5a10 10 0 0 1 20 0v5" />
  </RuleIcon>,
];
