/** `/accueil/hse` (docs/product.md#screens): one anchored section per HSE zone. */
import { useTranslation } from 'react-i18next';
import { usePageFrame } from '../layout';
import { ZoneSection } from './staff-section';
import { HSE_SECTIONS } from './zone-sections';
import './staff-pages.css';

export default function HsePage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.hse'), anchors: HSE_SECTIONS.map((section) => section.anchor) });
  return (
    <div className="staff-page staff-page--hse">
      {HSE_SECTIONS.map((section, index) => (
        <ZoneSection
          key={section.zonename}
          anchorIndex={index}
          title={section.title}
          subtitle={section.subtitle}
          zonename={section.zonename}
        />
      ))}
    </div>
  );
}
