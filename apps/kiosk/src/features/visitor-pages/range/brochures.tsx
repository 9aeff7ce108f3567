/**
 * Brochure downloads of the product range page, from the content zone "Produits" ("Product
 * range"): each product category there carries a `Catalogue` sub-group with its pages and a QR
 * code image pointing to the downloadable brochure. A tile shows the brochure's cover (tap: browse
 * it in the page viewer) and its QR code, or "being deployed" while the code is not there yet.
 */
import { IMAGE_ZONES, MODEL_LABELS, type Element } from '@plant-kiosk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_TILE_SIZE } from '../../../components/qr-code';
import { useRuntimeConfig } from '../../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../../lib/media/media-url';
import { pageImages, toViewerPages, useSubgroups, useZone } from '../../content';
import type { PlantTourCatalogue, ProductCategory } from '../../visitor-tour';
import { DocumentPopup } from '../document-popup';
import { FrenchMark } from '../french-mark';
import { useVisitorLanguage } from '../use-visitor-page';

type BrochureLabels = PlantTourCatalogue['productRange']['brochures'];

/**
 * The catalogue family of a content category, from its name ("Parfum", "Soin & Cosmétique",
 * "Solutions résine durable" in the demo plant); null for a category the tour does not describe,
 * which then keeps its own name.
 */
export function categoryOfName(name: string): ProductCategory | null {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (/durable|sustainab|recycl/.test(plain)) return 'sustainable';
  if (/parfum|fragrance|perfume/.test(plain)) return 'fragrance';
  if (/soin|cosmet|skin/.test(plain)) return 'cosmetics';
  return null;
}

export interface BrochuresProps {
  labels: BrochureLabels;
  closeLabel: string;
}

export function Brochures({ labels, closeLabel }: BrochuresProps) {
  const { t } = useTranslation();
  // Its English version on an English page, if it has one (English content, decision 021).
  const { elements, loading, fallback } = useZone(IMAGE_ZONES.products.fr, {
    language: useVisitorLanguage(),
  });
  const categories = elements.filter((element) => element.value.trim() !== '');
  if (categories.length === 0) {
    if (loading) return null;
    return <p className="visitor-pending">{t('visitorPages.range.brochuresPending')}</p>;
  }
  return (
    <>
      <p className="visitor-text brochures__hint">{labels.scanHint}</p>
      {fallback ? <FrenchMark /> : null}
      <ul className="brochures">
        {categories.map((element) => (
          <li key={element.elementid}>
            <BrochureTile element={element} labels={labels} closeLabel={closeLabel} />
          </li>
        ))}
      </ul>
    </>
  );
}

function BrochureTile({
  element,
  labels,
  closeLabel,
}: {
  element: Element;
  labels: BrochureLabels;
  closeLabel: string;
}) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const { subgroups } = useSubgroups(element.elementid, MODEL_LABELS.catalogue);
  const [open, setOpen] = useState(false);
  const category = categoryOfName(element.value);
  const title = category ? labels.titles[category] : element.value;
  const brochure = subgroups[0];
  const pages = useMemo(
    () => toViewerPages(pageImages(brochure?.fields.pages), (value) => mediaUrl(value, config)),
    [brochure, config],
  );
  const qrValue = brochure?.fields.qr?.[0]?.value.trim();
  const qr = qrValue ? mediaUrl(qrValue, config) : null;

  return (
    <article className={`brochure brochure--${category ?? 'other'}`}>
      <h3 className="brochure__title">{title}</h3>
      <div className="brochure__body">
        {pages[0] ? (
          <button
            type="button"
            className="brochure__cover"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            <img src={pages[0].src} alt="" draggable={false} />
            <span className="brochure__browse">
              {t('visitorPages.range.browseBrochure')}
              <span className="visually-hidden"> — {title}</span>
            </span>
          </button>
        ) : (
          <span className="brochure__cover brochure__cover--empty" aria-hidden="true" />
        )}
        <figure className="qr-tile brochure__qr">
          <figcaption className="qr-tile__label">{labels.downloadLabel}</figcaption>
          {qr ? (
            <img
              src={qr}
              alt={`${labels.downloadLabel} — ${title}`}
              width={QR_TILE_SIZE}
              height={QR_TILE_SIZE}
              draggable={false}
            />
          ) : (
            <p className="qr-tile__pending" style={{ minHeight: QR_TILE_SIZE }}>
              {t('visitorPages.range.brochurePending')}
            </p>
          )}
        </figure>
      </div>
      {pages.length > 0 && (
        <DocumentPopup
          open={open}
          onClose={() => setOpen(false)}
          title={title}
          pages={pages}
          closeLabel={closeLabel}
        />
      )}
    </article>
  );
}
