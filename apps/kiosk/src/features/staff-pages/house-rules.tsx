/** The house rules (docs/product.md#screens "HR page"): page images opening in the page viewer popup. */
import { CONTENT_ZONES, MODEL_LABELS } from '@plant-kiosk/contract';
import { useState } from 'react';
import { PageViewerPopup } from '../../components/page-viewer';
import { toViewerPages, useSubgroups, useZone } from '../content';
import { DocumentCover } from './document-cover';
import { PAGE_SIZE } from './page-size';
import { pageValues } from './pdf-document';
import { STAFF_TEXT } from './staff-texts';
import { useMedia } from './use-media';

export function HouseRules() {
  const media = useMedia();
  const { elements, loading } = useZone(CONTENT_ZONES.houseRules);
  const element = elements[0];
  const { subgroups, loading: groupsLoading } = useSubgroups(
    element?.elementid,
    MODEL_LABELS.houseRules,
  );
  const pages = toViewerPages(pageValues(subgroups[0]), media);
  const title = element?.value ?? 'Règlement intérieur';
  const [open, setOpen] = useState(false);

  if (loading || (element && groupsLoading)) return null;
  return (
    <>
      <DocumentCover
        title={title}
        cover={pages[0]?.src}
        details={[STAFF_TEXT.pages(pages.length)]}
        coverWidth={300}
        onOpen={() => setOpen(true)}
      />
      <PageViewerPopup
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        pages={pages}
        pageWidth={PAGE_SIZE.width}
        pageHeight={PAGE_SIZE.height}
      />
    </>
  );
}
