/** Pictograms of the three product families, drawn in the card's text colour. */
import type { ReactNode } from 'react';
import type { ProductCategory } from '../../visitor-tour';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const productIcons: Record<ProductCategory, ReactNode> = {
  // A fragrance bottle with its spray mist.
  fragrance: (
    <Icon>
      <rect x="14" y="20" width="20" height="23" rx="6" />
      <path d="M20 20v-5h8v5M19 15h10M22 10h4v5h-4z" />
      <path d="M31 10h3M36 7l2-1M36 12l2 1" />
    </Icon>
  ),
  // A lotion pump bottle.
  cosmetics: (
    <Icon>
      <rect x="14" y="22" width="20" height="21" rx="4" />
      <path d="M19 22v-5h10v5M24 17V9M24 9h9v3" />
    </Icon>
  ),
  // A leaf in a recycling loop.
  sustainable: (
    <Icon>
      <path d="M12 36c0-14 10-22 26-24-1 15-9 25-22 25-1.5 0-3-.4-4-1Z" />
      <path d="M12 36c6-7 11-11 18-15" />
      <path d="M8 24a16 16 0 0 1 6-11M40 26a16 16 0 0 1-7 12" />
    </Icon>
  ),
};
