/**
 * The company magazine (docs/product.md#screens "Company magazine"): the newest issue large, opening in the page
 * viewer popup, and below it a carousel of every issue labelled with its French month and year,
 * sliding in 600 ms, without autoplay. Shared by the HR and "other information" pages.
 */
import { CONTENT_ZONES, MODEL_LABELS } from '@plant-kiosk/contract';
import { useMemo, useState } from 'react';
import { ImageCarousel } from '../../components/image-carousel';
import { PageViewerPopup } from '../../components/page-viewer';
import { toViewerPages, useZone } from '../content';
import { DocumentCover } from './document-cover';
import { newestIssue, toMagazineIssues, type MagazineIssue } from './magazine-issues';
import { PAGE_SIZE } from './page-size';
import { STAFF_TEXT } from './staff-texts';
import { useElementsSubgroups } from './use-elements-subgroups';
import { useMedia } from './use-media';

export const MAGAZINE_CAROUSEL_MS = 600;

export function MagazineBlock() {
  const media = useMedia();
  const { elements, loading } = useZone(CONTENT_ZONES.magazine);
  const { byElement, loading: issuesLoading } = useElementsSubgroups(
    elements,
    MODEL_LABELS.magazine,
  );
  const issues = useMemo(() => toMagazineIssues(elements, byElement), [elements, byElement]);
  const newest = newestIssue(issues);
  const [opened, setOpened] = useState<MagazineIssue | null>(null);

  if (loading || (elements.length > 0 && issuesLoading)) return null;
  if (!newest) return <p className="staff-empty">{STAFF_TEXT.empty}</p>;

  return (
    <div className="magazine">
      <DocumentCover
        className="magazine__newest"
        title={newest.title}
        cover={media(newest.pages[0]?.value ?? '')}
        coverWidth={480}
        details={['Dernier numéro', newest.label, STAFF_TEXT.pages(newest.pages.length)]}
        action="Lire le magazine"
        onOpen={() => setOpened(newest)}
      />
      {issues.length > 1 && (
        <>
          <h3 className="staff-subsection__title">Tous les numéros</h3>
          <ImageCarousel
            className="magazine__carousel"
            label="Numéros du magazine"
            items={issues.filter((issue) => issue.pages.length > 0)}
            getKey={(issue) => issue.elementid}
            slidesPerView={3}
            gap={24}
            durationMs={MAGAZINE_CAROUSEL_MS}
            autoplay={false}
            fade={false}
            renderItem={(issue) => (
              <button
                type="button"
                className="magazine__issue"
                onClick={() => setOpened(issue)}
                aria-label={`${issue.title}, ${issue.label}`}
              >
                <img
                  src={media(issue.pages[0]?.value ?? '')}
                  alt=""
                  width={PAGE_SIZE.width}
                  height={PAGE_SIZE.height}
                  draggable={false}
                />
                <span className="magazine__issue-label">{issue.label}</span>
              </button>
            )}
          />
        </>
      )}
      <PageViewerPopup
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? `${opened.title}` : ''}
        pages={opened ? toViewerPages(opened.pages, media) : []}
        pageWidth={PAGE_SIZE.width}
        pageHeight={PAGE_SIZE.height}
      />
    </div>
  );
}
