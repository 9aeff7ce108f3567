/**
 * The product range of the clients and products page (docs/product.md#screens, #content-model): each element of the zone
 * "Produits" is a category (its value is the name) whose sub-groups are products (`Produit`:
 * titre, image ×1–2, détail_produit, and for some a vidéo) and one catalogue (`Catalogue`: pages,
 * qr). Values stay raw content values here; the screen resolves them to media URLs.
 */
import { MODEL_LABELS, type Element, type PopulatedSubgroup } from '@plant-kiosk/contract';
import { isNew, pageImages, type PageImage } from '../content';
import { kioskNow } from '../../lib/clock/kiosk-clock';

export interface Product {
  id: number;
  /** Upper-cased for display (docs/product.md#screens). */
  title: string;
  /** One or two thumbnail images, with their text alternatives. */
  images: PageImage[];
  /** The product sheet (an image of text), with its text alternative. */
  detail: PageImage | undefined;
  video: string | undefined;
  isNew: boolean;
}

export interface ProductCatalogue {
  /** Page images, with their text alternatives. */
  pages: PageImage[];
  /** The QR code image; none means the download is still being deployed. */
  qr: string | undefined;
}

export interface ProductCategory {
  elementid: number;
  name: string;
  products: Product[];
  catalogue: ProductCatalogue | undefined;
}

/** Products show at most two thumbnail images (docs/product.md#screens). */
export const MAX_PRODUCT_IMAGES = 2;

const values = (group: PopulatedSubgroup, field: string) =>
  (group.fields[field] ?? []).map((item) => item.value).filter((value) => value.trim() !== '');

export function toProductCategory(
  element: Element,
  subgroups: readonly PopulatedSubgroup[],
  now: number = kioskNow(),
): ProductCategory {
  const products = subgroups
    .filter((group) => group.label === MODEL_LABELS.product)
    .map((group): Product => ({
      id: group.subgroupid,
      title: (values(group, 'titre')[0] ?? '').toLocaleUpperCase('fr-FR'),
      images: pageImages(group.fields['image']).slice(0, MAX_PRODUCT_IMAGES),
      detail: pageImages(group.fields['détail_produit'])[0],
      video: values(group, 'vidéo')[0],
      isNew: isNew(group.addingdate, now),
    }))
    // A product without a title or a picture has nothing to show on a thumbnail.
    .filter((product) => product.title !== '' || product.images.length > 0);
  const catalogueGroup = subgroups.find((group) => group.label === MODEL_LABELS.catalogue);
  return {
    elementid: element.elementid,
    name: element.value,
    products,
    catalogue: catalogueGroup
      ? { pages: pageImages(catalogueGroup.fields['pages']), qr: values(catalogueGroup, 'qr')[0] }
      : undefined,
  };
}

export function toProductCategories(
  elements: readonly Element[],
  subgroupsByElement: ReadonlyMap<number, readonly PopulatedSubgroup[]>,
  now: number = kioskNow(),
): ProductCategory[] {
  return elements.map((element) =>
    toProductCategory(element, subgroupsByElement.get(element.elementid) ?? [], now),
  );
}
