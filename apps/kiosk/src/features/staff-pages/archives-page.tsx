/**
 * `/accueil/projets/archives`, "Nos Succès" (docs/product.md#screens): the stored totem's finished projects as a
 * grid of 300 px thumbnails (`{totem} : Archives`), each opening its pages (the element's
 * sub-elements) in the page viewer.
 */
import { totemZoneNames } from '@plant-kiosk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageViewerPopup } from '../../components/page-viewer';
import { ZoneGallery } from '../../components/zone-gallery';
import { pageImages, toViewerPages, useSubelements, useZoneImages } from '../content';
import { usePageFrame } from '../layout';
import { useBeLeanTotem } from './be-lean';
import { PAGE_SIZE } from './page-size';
import { StaffSection } from './staff-section';
import { STAFF_TEXT } from './staff-texts';
import { useMedia } from './use-media';
import './staff-pages.css';

/** docs/product.md#constants: archive thumbnails are 300 px wide. */
export const ARCHIVE_THUMBNAIL_WIDTH = 300;

interface OpenedArchive {
  elementid: number;
  title: string;
}

export default function ArchivesPage() {
  const { t } = useTranslation();
  const { totem } = useBeLeanTotem();
  usePageFrame({ title: t('pages.archives') });
  const { items, loading } = useZoneImages(totemZoneNames(totem).archives, {
    altPrefix: 'Nos Succès',
  });
  const [opened, setOpened] = useState<OpenedArchive | null>(null);

  return (
    <div className="staff-page staff-page--archives" data-totem={totem}>
      <StaffSection title="Nos Succès" subtitle={`Les projets BE LEAN + réussis — unité ${totem}`}>
        <ZoneGallery
          items={items}
          loading={loading}
          emptyMessage={STAFF_TEXT.empty}
          layout="grid"
          columns={3}
          columnWidth={ARCHIVE_THUMBNAIL_WIDTH}
          imageSize={{ width: 600, height: 848 }}
          label="Nos Succès"
          onOpen={(item) =>
            typeof item.key === 'number' && setOpened({ elementid: item.key, title: item.alt })
          }
        />
      </StaffSection>
      {opened && <ArchiveViewer archive={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}

function ArchiveViewer({ archive, onClose }: { archive: OpenedArchive; onClose: () => void }) {
  const media = useMedia();
  const { subelements } = useSubelements(archive.elementid);
  const pages = toViewerPages(pageImages(subelements.filter((sub) => sub.type === 'image')), media);
  return (
    <PageViewerPopup
      open
      onClose={onClose}
      title={archive.title}
      pages={pages}
      pageWidth={PAGE_SIZE.width}
      pageHeight={PAGE_SIZE.height}
    />
  );
}
