/**
 * Addresses of the kiosk preview (issue 46). The back-office's page `#/apercu/:devid?…` (what to
 * preview: `source=draft`, `at=<instant>` or `set=<id>`; `mode`; `page`, a kiosk route) frames the
 * real kiosk at `/?apercu=1&devid=…` (apps/kiosk/src/lib/preview/preview-request.ts reads it).
 * One module builds both, so the links of every screen and the frame agree.
 */
import { VISITOR_ZONES } from '@plant-kiosk/contract';

export type PreviewInput = { source: 'draft' } | { at: string } | { set: number };

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

function inputQuery(input: PreviewInput): [string, string] {
  if ('source' in input) return ['source', input.source];
  if ('at' in input) return ['at', input.at];
  return ['set', String(input.set)];
}

/** The back-office's preview page (a router path, `#` excluded). */
export function previewPagePath(
  devid: number,
  input: PreviewInput,
  options: { mode?: string; page?: string } = {},
): string {
  const query = new URLSearchParams([inputQuery(input)]);
  if (options.mode) query.set('mode', options.mode);
  if (options.page && options.page !== '/accueil') query.set('page', options.page);
  return `/apercu/${devid}?${query.toString()}`;
}

/** What the preview page's address asks; null when it asks no single valid thing. */
export function readPreviewInput(search: URLSearchParams): PreviewInput | null {
  const inputs: PreviewInput[] = [];
  if (search.get('source') === 'draft') inputs.push({ source: 'draft' });
  const at = search.get('at');
  if (at !== null && !Number.isNaN(Date.parse(at))) inputs.push({ at });
  const set = search.get('set');
  if (set !== null && /^[1-9]\d*$/.test(set)) inputs.push({ set: Number(set) });
  return inputs.length === 1 ? inputs[0]! : null;
}

/** The framed kiosk's address: the kiosk app at the site's root, in preview mode. */
export function kioskPreviewUrl(
  devid: number,
  input: PreviewInput,
  options: { mode?: string; page?: string; attempt?: number } = {},
): string {
  const query = new URLSearchParams({ apercu: String(options.attempt ?? 1), devid: String(devid) });
  const [key, value] = inputQuery(input);
  query.set(key, value);
  if (options.mode) query.set('mode', options.mode);
  const page = options.page?.startsWith('/') ? options.page : '/accueil';
  return `/?${query.toString()}#${page}`;
}
