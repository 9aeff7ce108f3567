/**
 * /accueil/visiteur/hse: what a visitor needs to know of health, safety and environment — the
 * catalogue's safety rules first, then the HSE zones that concern a visitor on a tour (policies
 * and contacts, protective equipment, lone-worker protection, waste sorting). Workstation
 * authorisations, accident alerts and PASS stay on the staff page: they concern operators only.
 */
import { useTranslation } from 'react-i18next';
import { useVisitorPage } from './use-visitor-page';
import { BulletList, VisitorSection, ZoneSection } from './visitor-section';
import { zoneTitle, type TranslatedVisitorZone } from './zone-titles';
import './visitor-pages.css';

export const VISITOR_HSE_ZONES: readonly TranslatedVisitorZone[] = [
  'hsePolicies',
  'ppe',
  'pti',
  'wastePollution',
];

export default function VisitorHsePage() {
  const { t } = useTranslation();
  const { catalogue } = useVisitorPage('hse', ({ visitorHome }, translate, language) => [
    visitorHome.safetyTitle,
    ...VISITOR_HSE_ZONES.map((zone) => zoneTitle(zone, language, translate)),
  ]);
  return (
    <div className="visitor-page">
      <VisitorSection index={0} title={catalogue.visitorHome.safetyTitle} tone="vert">
        <p className="visitor-text">{t('visitorPages.hse.intro')}</p>
        <BulletList items={catalogue.visitorHome.safety} className="visitor-bullets--checks" />
      </VisitorSection>
      {VISITOR_HSE_ZONES.map((zone, index) => (
        <ZoneSection key={zone} index={index + 1} zone={zone} tone="vert" />
      ))}
    </div>
  );
}
