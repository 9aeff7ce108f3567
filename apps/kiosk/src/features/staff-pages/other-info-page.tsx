/** `/accueil/autresInformations` (docs/product.md#screens): site plan, meeting rooms, canteen menu, magazine. */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { useTranslation } from 'react-i18next';
import { usePageFrame } from '../layout';
import { MagazineBlock } from './magazine-block';
import { StaffSection, ZoneSection } from './staff-section';
import { OTHER_INFO_ANCHORS } from './zone-sections';
import './staff-pages.css';

export default function OtherInfoPage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.autresInformations'), anchors: OTHER_INFO_ANCHORS });
  return (
    <div className="staff-page staff-page--autres">
      <ZoneSection anchorIndex={0} title="Plan du site" zonename={IMAGE_ZONES.sitePlan.fr} />
      <ZoneSection
        anchorIndex={1}
        title="Salles de réunion"
        zonename={IMAGE_ZONES.meetingRooms.fr}
      />
      <ZoneSection
        anchorIndex={2}
        title="Menu du restaurant d’entreprise"
        zonename={IMAGE_ZONES.menu.fr}
      />
      <StaffSection anchorIndex={3} title="Le magazine de l’entreprise">
        <MagazineBlock />
      </StaffSection>
    </div>
  );
}
