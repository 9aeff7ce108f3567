/**
 * `/accueil/projets`, BE LEAN + (docs/product.md#screens): the "Nos Succès" button to the archives, then the
 * continuous-improvement projects in progress — their plans, zoomable from 1 to 8, and a carousel
 * of their documents (first page as thumbnail) opening the page viewer. The content is the stored
 * totem's (`{totem} : Projet`, `{totem} : PDF`); the banner's home button shows only once a totem
 * type is stored (docs/product.md#screens).
 */
import { MODEL_LABELS, totemZoneNames } from '@plant-kiosk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageCarousel } from '../../components/image-carousel';
import { PageViewerPopup } from '../../components/page-viewer';
import { RouteButton } from '../../components/route-button/route-button';
import { ZOOM_DEFAULTS, ZoomPan } from '../../components/zoom-pan';
import { toViewerPages, useZone, useZoneImages } from '../content';
import { usePageFrame } from '../layout';
import { useBeLeanTotem } from './be-lean';
import { PAGE_SIZE } from './page-size';
import { readPdfDocument, type PdfDocument } from './pdf-document';
import { StaffSection } from './staff-section';
import { STAFF_TEXT } from './staff-texts';
import { useElementsSubgroups } from './use-elements-subgroups';
import { useMedia } from './use-media';
import './staff-pages.css';

export const ARCHIVES_PATH = '/accueil/projets/archives';
export const PROJECTS_TITLE = 'PROJETS CI EN COURS';

export default function ProjectsPage() {
  const { t } = useTranslation();
  const { totem, stored } = useBeLeanTotem();
  usePageFrame({ title: t('pages.projets'), hideHomeButton: !stored });
  const names = totemZoneNames(totem);

  return (
    <div className="staff-page staff-page--projets" data-totem={totem}>
      <RouteButton
        to={ARCHIVES_PATH}
        titles={['Nos Succès', 'les projets BE LEAN + réussis']}
        tone="vert"
        size="large"
        className="be-lean__archives"
      />
      <StaffSection title={PROJECTS_TITLE} subtitle={`Unité ${totem}`}>
        <ProjectPlans zonename={names.projects} />
        <ProjectDocuments zonename={names.pdfs} />
      </StaffSection>
    </div>
  );
}

function ProjectPlans({ zonename }: { zonename: string }) {
  const { items, loading } = useZoneImages(zonename, { altPrefix: 'Plan du projet' });
  if (loading && items.length === 0) return null;
  if (items.length === 0) return <p className="staff-empty">{STAFF_TEXT.empty}</p>;
  return (
    <div className="be-lean__plans">
      <p className="be-lean__hint">Pincez, double-touchez ou utilisez + et − pour zoomer.</p>
      {items.map((plan) => (
        <ZoomPan
          key={plan.key ?? plan.src}
          label={plan.alt}
          minScale={ZOOM_DEFAULTS.minScale}
          maxScale={ZOOM_DEFAULTS.maxScale}
          className="be-lean__plan"
        >
          <img
            src={plan.src}
            alt={plan.description ?? plan.alt}
            width={2480}
            height={1754}
            draggable={false}
          />
        </ZoomPan>
      ))}
    </div>
  );
}

function ProjectDocuments({ zonename }: { zonename: string }) {
  const media = useMedia();
  const { elements, loading } = useZone(zonename);
  const { byElement, loading: groupsLoading } = useElementsSubgroups(
    elements,
    MODEL_LABELS.pdfDocument,
  );
  const documents = useMemo(
    () =>
      elements
        .map((element) => ({
          id: element.elementid,
          ...readPdfDocument(byElement.get(element.elementid)?.[0], element.value),
        }))
        .filter((document) => document.pages.length > 0),
    [elements, byElement],
  );
  const [opened, setOpened] = useState<PdfDocument | null>(null);

  if (loading || (elements.length > 0 && groupsLoading)) return null;
  return (
    <div className="be-lean__documents">
      <h3 className="staff-subsection__title">Documents des projets</h3>
      {documents.length === 0 ? (
        <p className="staff-empty">{STAFF_TEXT.empty}</p>
      ) : (
        <ImageCarousel
          label="Documents des projets en cours"
          items={documents}
          getKey={(document) => document.id}
          slidesPerView={3}
          gap={24}
          autoplay={false}
          fade={false}
          renderItem={(document) => (
            <button type="button" className="be-lean__document" onClick={() => setOpened(document)}>
              <img
                src={media(document.pages[0]?.value ?? '')}
                alt=""
                width={PAGE_SIZE.width}
                height={PAGE_SIZE.height}
                draggable={false}
              />
              <span className="be-lean__document-title">{document.title}</span>
            </button>
          )}
        />
      )}
      <PageViewerPopup
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.title ?? ''}
        pages={opened ? toViewerPages(opened.pages, media) : []}
        pageWidth={PAGE_SIZE.width}
        pageHeight={PAGE_SIZE.height}
      />
    </div>
  );
}
