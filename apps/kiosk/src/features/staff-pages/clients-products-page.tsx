/**
 * `/accueil/nosClientsNosProduits` (docs/product.md#screens "Clients and products"): the clients' logos (a list
 * said to be not exhaustive), then the products grouped by category — thumbnails with one or two
 * images and an upper-cased title opening the product's detail image (and its video when it has
 * one), each category's catalogue cover opening the page viewer, and its QR code to download it.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageViewerPopup } from '../../components/page-viewer';
import { Popup } from '../../components/popup/popup';
import { QR_IN_PROGRESS_TEXT, QR_TILE_SIZE } from '../../components/qr-code/qr-code';
import { toViewerPages, useZone } from '../content';
import { usePageFrame } from '../layout';
import { PAGE_SIZE } from './page-size';
import { toProductCategories, type Product, type ProductCategory } from './products';
import { StaffSection, ZoneSection } from './staff-section';
import { STAFF_TEXT } from './staff-texts';
import { StaffVideo } from './staff-video';
import { useElementsSubgroups } from './use-elements-subgroups';
import { useMedia } from './use-media';
import './staff-pages.css';
import './clients-products.css';

const LOGO_SIZE = { width: 600, height: 300 };
/** docs/product.md#constants: catalogue image width 500 px. */
export const CATALOGUE_COVER_WIDTH = 500;

export default function ClientsProductsPage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.nosClientsNosProduits') });
  return (
    <div className="staff-page staff-page--clients">
      <ZoneSection
        title="Nos clients"
        subtitle={STAFF_TEXT.notExhaustive}
        zonename={IMAGE_ZONES.clients.fr}
        layout="grid"
        columns={3}
        imageSize={LOGO_SIZE}
      />
      <StaffSection title="Nos produits">
        <ProductRange />
      </StaffSection>
    </div>
  );
}

function ProductRange() {
  const { elements, loading } = useZone(IMAGE_ZONES.products.fr);
  const { byElement, loading: groupsLoading } = useElementsSubgroups(elements);
  const categories = useMemo(() => toProductCategories(elements, byElement), [elements, byElement]);
  if (loading || (elements.length > 0 && groupsLoading)) return null;
  if (categories.length === 0) return <p className="staff-empty">{STAFF_TEXT.empty}</p>;
  return (
    <div className="product-range">
      {categories.map((category) => (
        <CategoryBlock key={category.elementid} category={category} />
      ))}
    </div>
  );
}

function CategoryBlock({ category }: { category: ProductCategory }) {
  const media = useMedia();
  const [product, setProduct] = useState<Product | null>(null);
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const catalogue = category.catalogue;
  const headingId = `categorie-${category.elementid}`;

  return (
    <section className="product-category" aria-labelledby={headingId}>
      <h3 id={headingId} className="product-category__name">
        {category.name}
      </h3>
      {category.products.length === 0 ? (
        <p className="staff-empty">{STAFF_TEXT.empty}</p>
      ) : (
        <ul className="product-grid">
          {category.products.map((item) => (
            <li key={item.id}>
              <button type="button" className="product-tile" onClick={() => setProduct(item)}>
                <span
                  className={`product-tile__images product-tile__images--${item.images.length}`}
                >
                  {item.images.map(({ value: image }) => (
                    <img key={image} src={media(image)} alt="" width={600} height={600} />
                  ))}
                </span>
                <span className="product-tile__title">{item.title}</span>
                {item.isNew && <span className="product-tile__badge">Nouveau</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="product-catalogue">
        {catalogue && catalogue.pages[0] ? (
          <button
            type="button"
            className="product-catalogue__cover"
            onClick={() => setCatalogueOpen(true)}
          >
            <img
              src={media(catalogue.pages[0].value)}
              alt=""
              width={CATALOGUE_COVER_WIDTH}
              height={Math.round((CATALOGUE_COVER_WIDTH * PAGE_SIZE.height) / PAGE_SIZE.width)}
            />
            <span className="product-catalogue__label">
              Catalogue {category.name}
              <span className="product-catalogue__pages">
                {STAFF_TEXT.pages(catalogue.pages.length)}
              </span>
              <span className="document-cover__action">
                Feuilleter<span aria-hidden="true">›</span>
              </span>
            </span>
          </button>
        ) : (
          <p className="staff-empty product-catalogue__cover">Catalogue bientôt disponible</p>
        )}
        {/* The QR tile (docs/product.md#screens, #constants: 120 px); the code is the plant's own image of it. */}
        <figure className="qr-tile product-catalogue__qr">
          <figcaption className="qr-tile__label">{STAFF_TEXT.downloadCatalogue}</figcaption>
          {catalogue?.qr ? (
            <img
              src={media(catalogue.qr)}
              alt={`QR code : ${STAFF_TEXT.downloadCatalogue} ${category.name}`}
              width={QR_TILE_SIZE}
              height={QR_TILE_SIZE}
            />
          ) : (
            <p className="qr-tile__pending product-catalogue__pending">{QR_IN_PROGRESS_TEXT}</p>
          )}
        </figure>
      </div>
      {product && <ProductPopup product={product} onClose={() => setProduct(null)} />}
      {catalogue && (
        <PageViewerPopup
          open={catalogueOpen}
          onClose={() => setCatalogueOpen(false)}
          title={`Catalogue ${category.name}`}
          pages={toViewerPages(catalogue.pages, media)}
          pageWidth={PAGE_SIZE.width}
          pageHeight={PAGE_SIZE.height}
        />
      )}
    </section>
  );
}

function ProductPopup({ product, onClose }: { product: Product; onClose: () => void }) {
  const media = useMedia();
  return (
    <Popup open onClose={onClose} label={product.title} className="product-popup">
      <h3 className="product-popup__title">{product.title}</h3>
      {product.video && (
        <StaffVideo src={media(product.video)} caption={`${product.title} en vidéo`} />
      )}
      {product.detail ? (
        <img
          className="product-popup__detail"
          src={media(product.detail.value)}
          alt={product.detail.alt ?? `Fiche produit ${product.title}`}
          width={PAGE_SIZE.width}
          height={PAGE_SIZE.height}
        />
      ) : (
        product.images.map((image, index) => (
          <img
            key={image.value}
            className="product-popup__detail"
            src={media(image.value)}
            alt={image.alt ?? `${product.title}, image ${index + 1}`}
            width={600}
            height={600}
          />
        ))
      )}
    </Popup>
  );
}
