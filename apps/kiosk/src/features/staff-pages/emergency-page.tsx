/**
 * `/accueil/urgence` (docs/product.md#screens): the page someone opens under stress, perhaps wearing gloves. It
 * loads nothing beyond its images (no viewer chunk), every section title is a red band, the
 * procedures are numbered steps, and the anchors go straight to each block.
 */
import { useTranslation } from 'react-i18next';
import { EmergencyFallback } from '../emergency-fallback';
import { usePageFrame } from '../layout';
import { ZoneSection } from './staff-section';
import { EMERGENCY_SECTIONS } from './zone-sections';
import './staff-pages.css';

export default function EmergencyPage() {
  const { t } = useTranslation();
  usePageFrame({
    title: t('pages.urgence'),
    anchors: EMERGENCY_SECTIONS.map((section) => section.anchor),
  });
  return (
    <div className="staff-page staff-page--urgence">
      {/* Nothing held (a database lost to a power cut, decision 051): the built-in numbers. */}
      <EmergencyFallback />
      {EMERGENCY_SECTIONS.map((section, index) => (
        <ZoneSection
          key={section.zonename}
          anchorIndex={index}
          tone="urgent"
          title={section.title}
          subtitle={section.subtitle}
          zonename={section.zonename}
        />
      ))}
    </div>
  );
}
