/** A product tile of the range page: a tap opens the product sheet (see range-page.tsx). */
import { FingerIcon } from '../../../components/route-button/route-button';
import type { ProductSheet } from '../../visitor-tour';
import { productIcons } from './product-icons';

export interface ProductCardProps {
  sheet: ProductSheet;
  openLabel: string;
  onOpen: (sheet: ProductSheet) => void;
}

export function ProductCard({ sheet, openLabel, onOpen }: ProductCardProps) {
  return (
    <button
      type="button"
      className={`product-card product-card--${sheet.category}`}
      aria-haspopup="dialog"
      data-product-id={sheet.id}
      onClick={() => onOpen(sheet)}
    >
      <span className="product-card__icon" aria-hidden="true">
        {productIcons[sheet.category]}
      </span>
      <span className="product-card__name">{sheet.name}</span>
      <span className="product-card__tagline">{sheet.tagline}</span>
      <span className="product-card__open">
        {openLabel}
        <FingerIcon size={36} />
      </span>
    </button>
  );
}
