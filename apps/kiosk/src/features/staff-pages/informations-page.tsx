/**
 * `/accueil/informations` (docs/product.md#screens "HR page"): the practical HR guide with its clickable table of
 * contents, the house rules, and the company magazine.
 */
import { useTranslation } from 'react-i18next';
import { usePageFrame } from '../layout';
import { HouseRules } from './house-rules';
import { HrGuide } from './hr-guide';
import { MagazineBlock } from './magazine-block';
import { StaffSection } from './staff-section';
import './staff-pages.css';

export default function InformationsPage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.informations') });
  return (
    <div className="staff-page staff-page--informations">
      <StaffSection title="Guide pratique RH" subtitle="Touchez une page du sommaire pour l’ouvrir">
        <HrGuide />
      </StaffSection>
      <StaffSection title="Règlement intérieur">
        <HouseRules />
      </StaffSection>
      <StaffSection title="Le magazine de l’entreprise">
        <MagazineBlock />
      </StaffSection>
    </div>
  );
}
