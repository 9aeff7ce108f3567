/**
 * Pictograms of the home tiles: simple strokes drawn for a 72 px box, in the tile's text colour
 * (currentColor), so they follow the tone and stay legible from a distance.
 */
import type { ReactNode } from 'react';

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

export const homeIcons = {
  visitors: (
    <Icon>
      <circle cx="17" cy="15" r="6" />
      <path d="M6 39v-4a11 11 0 0 1 22 0v4" />
      <circle cx="33" cy="17" r="5" />
      <path d="M30 27.5a9 9 0 0 1 12 8.5v3" />
    </Icon>
  ),
  groupe: (
    <Icon>
      <circle cx="24" cy="24" r="17" />
      <path d="M7 24h34M24 7c5 4.5 7 10.5 7 17s-2 12.5-7 17c-5-4.5-7-10.5-7-17s2-12.5 7-17Z" />
    </Icon>
  ),
  site: (
    <Icon>
      <path d="M5 41V23l10 6v-6l10 6v-6l10 6V9h7v32Z" />
      <path d="M11 35h4M21 35h4M31 35h4" />
    </Icon>
  ),
  clients: (
    <Icon>
      <path d="M20 4h8v6h-8zM18 10h12l2 6H16Z" />
      <rect x="13" y="16" width="22" height="27" rx="5" />
      <path d="M30 7h6M38 4v6" />
    </Icon>
  ),
  moulage: (
    <Icon>
      <rect x="4" y="18" width="14" height="16" rx="2" />
      <path d="M18 22h8v8h-8M26 20h6v12h-6M32 24h12v4H32" />
      <path d="M9 18v-6h4v6M8 41h32" />
    </Icon>
  ),
  informations: (
    <Icon>
      <rect x="8" y="6" width="32" height="37" rx="4" />
      <circle cx="24" cy="19" r="5" />
      <path d="M15 34a9 9 0 0 1 18 0M19 6v4h10V6" />
    </Icon>
  ),
  hse: (
    <Icon>
      <path d="M24 5 8 11v11c0 10 7 17.5 16 21 9-3.5 16-11 16-21V11Z" />
      <path d="m17 24 5 5 9-10" />
    </Icon>
  ),
  qualite: (
    <Icon>
      <circle cx="24" cy="18" r="12" />
      <path d="m18.5 18 4 4 7-8M16 28l-4 15 8-4 4 5M32 28l4 15-8-4-4 5" />
    </Icon>
  ),
  autres: (
    <Icon>
      <circle cx="24" cy="24" r="18" />
      <path d="M24 22v12" strokeWidth="4" />
      <circle cx="24" cy="15" r="1.5" fill="currentColor" />
    </Icon>
  ),
  beLean: (
    <Icon>
      <path d="M6 42h36M10 42V30M20 42V24M30 42V18M40 42V10" strokeWidth="4" />
      <path d="m8 20 10-8 8 5L40 5M33 5h7v7" />
    </Icon>
  ),
  suggestion: (
    <Icon>
      <path d="M17 31c-4-3-6-7-6-11a13 13 0 0 1 26 0c0 4-2 8-6 11v4H17Z" />
      <path d="M18 40h12M20 45h8M24 35V25l-4-4M24 25l4-4" />
    </Icon>
  ),
  urgence: (
    <Icon>
      <path d="M24 5 3 42h42Z" strokeWidth="3.5" />
      <path d="M24 18v12" strokeWidth="4.5" />
      <circle cx="24" cy="36" r="1.8" fill="currentColor" />
    </Icon>
  ),
  environnement: (
    <Icon>
      <path d="M9 39C9 20 21 9 40 8c1 19-10 31-29 31" />
      <path d="M9 39c6-10 13-17 22-22" />
    </Icon>
  ),
} as const;
