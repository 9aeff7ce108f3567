/**
 * Addresses of the kiosk preview (issue 46). The back-office's page `#/apercu/:devid?…` (what to
 * preview: `source=draft`, `at=<instant>` or `set=<id>`; `mode`; `page`, a kiosk route) frames the
 * real kiosk at `/?apercu=1&devid=…` (apps/kiosk/src/lib/preview/preview-request.ts reads it).
 * One module builds both, so the links of every screen and the frame agree.
 */
import {
  previewInputParam,
  readPreviewInput as readInput,
  VISITOR_ZONES,
  type PreviewInput,
} from '@plant-kiosk/contract';

export type { PreviewInput };

/** The totem's modes the band offers (the kiosk's hidden switcher's, plus no type at all). */
export const PREVIEW_MODES = [
  { value: '', label: 'Personnel (sans type de totem)' },
  { value: 'Moulage', label: 'Personnel — Moulage' },
  { value: 'Assemblage', label: 'Personnel — Assemblage' },
  { value: 'visiteur', label: 'Visiteur' },
] as const;

/** The kiosk's pages the band can open directly (a tap in the frame reaches the others). */
export const PREVIEW_PAGES = [
  { path: '/accueil', label: 'Accueil' },
  { path: '/accueil/urgence', label: 'Urgence' },
  { path: '/accueil/hse', label: 'HSE' },
  { path: '/accueil/qualite', label: 'Qualité' },
  { path: '/accueil/siteNeubourg', label: 'Site' },
  { path: '/accueil/autresInformations', label: 'Autres informations' },
  { path: '/accueil/informations', label: 'Informations' },
  { path: '/accueil/projets', label: 'Projets' },
] as const;

/** The visitor page a zone is shown on (VISITOR_ZONES' names), as the staff page of that name. */
const PAGE_OF_VISITOR_PAGE: Record<string, string> = {
  Urgence: '/accueil/urgence',
  HSE: '/accueil/hse',
  Qualité: '/accueil/qualite',
  Site: '/accueil/siteNeubourg',
};

/** The kiosk page that shows `zonename`, when the back-office knows it; else the home page. */
export function kioskPageOfZone(zonename: string): string {
  const page = VISITOR_ZONES.find((zone) => zone.zonename === zonename)?.page;
  return (page && PAGE_OF_VISITOR_PAGE[page]) ?? '/accueil';
}

/** The back-office's preview page (a router path, `#` excluded). */
export function previewPagePath(
  devid: number,
  input: PreviewInput,
  options: { mode?: string; page?: string } = {},
): string {
  const query = new URLSearchParams([previewInputParam(input)]);
  if (options.mode) query.set('mode', options.mode);
  if (options.page && options.page !== '/accueil') query.set('page', options.page);
  return `/apercu/${devid}?${query.toString()}`;
}

/** What the preview page's address asks; null when it asks no single valid thing. */
export function readPreviewInput(search: URLSearchParams): PreviewInput | null {
  const read = readInput(search);
  return 'input' in read ? read.input : null;
}

/** The framed kiosk's address: the kiosk app at the site's root, in preview mode. */
export function kioskPreviewUrl(
  devid: number,
  input: PreviewInput,
  options: { mode?: string; page?: string; attempt?: number } = {},
): string {
  const query = new URLSearchParams({ apercu: String(options.attempt ?? 1), devid: String(devid) });
  const [key, value] = previewInputParam(input);
  query.set(key, value);
  if (options.mode) query.set('mode', options.mode);
  const page = options.page?.startsWith('/') ? options.page : '/accueil';
  return `/?${query.toString()}#${page}`;
}
