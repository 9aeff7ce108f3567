/**
 * /accueil/visiteur/urgence: emergency numbers first (the one thing to find fast), what a visitor
 * does in an emergency, the safety rules of the visit, and the site plan.
 */
import { useTranslation } from 'react-i18next';
import { EmergencyFallback } from '../emergency-fallback';
import { useVisitorLanguage, useVisitorPage } from './use-visitor-page';
import { BulletList, VisitorSection, ZoneSection } from './visitor-section';
import { zoneTitle } from './zone-titles';
import './visitor-pages.css';

export default function VisitorEmergencyPage() {
  const { t } = useTranslation();
  const language = useVisitorLanguage();
  const { catalogue } = useVisitorPage('urgence', ({ visitorHome }, translate, language) => [
    zoneTitle('emergencyNumbers', language, translate),
    translate('visitorPages.emergency.whatToDoTitle'),
    visitorHome.safetyTitle,
    zoneTitle('sitePlan', language, translate),
  ]);
  return (
    <div className="visitor-page">
      {/* Nothing held (a database lost to a power cut, decision 051): the built-in numbers. */}
      <EmergencyFallback language={language} />
      <ZoneSection index={0} zone="emergencyNumbers" tone="rouge" />
      <VisitorSection index={1} title={t('visitorPages.emergency.whatToDoTitle')} tone="rouge">
        <p className="visitor-text">{t('visitorPages.emergency.intro')}</p>
        <BulletList
          className="visitor-bullets--alert"
          items={[
            t('visitorPages.emergency.alarm'),
            t('visitorPages.emergency.unwell'),
            t('visitorPages.emergency.stayOut'),
          ]}
        />
      </VisitorSection>
      <VisitorSection index={2} title={catalogue.visitorHome.safetyTitle} tone="vert">
        <BulletList items={catalogue.visitorHome.safety} className="visitor-bullets--checks" />
      </VisitorSection>
      <ZoneSection index={3} zone="sitePlan" tone="gris" />
    </div>
  );
}
