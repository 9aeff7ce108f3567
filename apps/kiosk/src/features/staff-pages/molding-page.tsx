/**
 * `/accueil/moulage` (docs/product.md#screens): the operator manual as a cover that opens every page in the
 * full-screen page viewer, and the quality-control sheets.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageViewerPopup } from '../../components/page-viewer';
import { useZoneImages } from '../content';
import { usePageFrame } from '../layout';
import { DocumentCover } from './document-cover';
import { StaffSection, ZoneSection } from './staff-section';
import { STAFF_TEXT } from './staff-texts';
import { PAGE_SIZE } from './page-size';
import './staff-pages.css';

const MANUAL_TITLE = 'Manuel opérateur';

export default function MoldingPage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.moulage') });
  const manual = useZoneImages(IMAGE_ZONES.operatorManual.fr);
  const pages = manual.items.map((item) =>
    item.description ? { src: item.src, alt: item.description } : { src: item.src },
  );
  const [open, setOpen] = useState(false);

  return (
    <div className="staff-page staff-page--moulage">
      <StaffSection title={MANUAL_TITLE}>
        {manual.loading && pages.length === 0 ? null : (
          <DocumentCover
            title={MANUAL_TITLE}
            cover={pages[0]?.src}
            details={[STAFF_TEXT.pages(pages.length), 'Consultation en plein écran']}
            onOpen={() => setOpen(true)}
          />
        )}
      </StaffSection>
      <ZoneSection title="Contrôle qualité" zonename={IMAGE_ZONES.qualityControl.fr} />
      <PageViewerPopup
        open={open}
        onClose={() => setOpen(false)}
        title={MANUAL_TITLE}
        pages={pages}
        pageWidth={PAGE_SIZE.width}
        pageHeight={PAGE_SIZE.height}
      />
    </div>
  );
}
