/**
 * /accueil/visiteur/qualite: quality policies and certifications. Unlike the staff page it has no
 * environment policy (docs/product.md#screens, #roles); visitors find it on the environmental approach page.
 */
import { useTranslation } from 'react-i18next';
import { useVisitorPage } from './use-visitor-page';
import { ZoneSection } from './visitor-section';
import { zoneTitle } from './zone-titles';
import './visitor-pages.css';

export default function VisitorQualityPage() {
  const { t } = useTranslation();
  useVisitorPage('qualite', (_catalogue, translate, language) => [
    zoneTitle('qualityPolicies', language, translate),
    zoneTitle('qualityCertifications', language, translate),
  ]);
  return (
    <div className="visitor-page">
      <p className="visitor-lead">{t('visitorPages.quality.intro')}</p>
      <ZoneSection index={0} zone="qualityPolicies" tone="bleu" />
      <ZoneSection index={1} zone="qualityCertifications" tone="bleu" layout="grid" />
    </div>
  );
}
