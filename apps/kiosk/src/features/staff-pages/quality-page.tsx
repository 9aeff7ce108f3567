/**
 * `/accueil/qualite` (docs/product.md#screens): quality policies, certifications, and the environment policy —
 * for staff only (docs/product.md#roles): should a visitor totem reach this page, that section stays hidden.
 */
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { usePageFrame } from '../layout';
import { ZoneSection } from './staff-section';
import { QUALITY_SECTIONS } from './zone-sections';
import './staff-pages.css';

export default function QualityPage() {
  const { t } = useTranslation();
  const visitor = useUiStore((state) => state.parcours === 'visiteur');
  usePageFrame({ title: t('pages.qualite') });
  return (
    <div className="staff-page staff-page--qualite">
      <ZoneSection {...QUALITY_SECTIONS.policies} />
      <ZoneSection {...QUALITY_SECTIONS.certifications} layout="grid" columns={2} />
      {!visitor && <ZoneSection {...QUALITY_SECTIONS.environment} />}
    </div>
  );
}
