/**
 * The staff home's button rows per totem type (docs/product.md#screens "Staff home"). Moulage lists Moulage first
 * and pairs the red emergency button with Suggestion System on the last row; Assemblage has no
 * Moulage button, has its own order (HSE first), and puts the emergency button alone on the last row.
 * No totem stored means the Moulage layout.
 *
 * Suggestion System shows only when the development published the form's address (issue 41,
 * item 3): a tile that opens "pas encore configuré" is a dead end for everyone who taps it. Without
 * it the emergency button, last, takes a row alone whenever the count is odd.
 */
import type { TotemType } from '@plant-kiosk/contract';
import type { RouteButtonTone } from '../../components/route-button/route-button';
import type { homeIcons } from './home-icons';

export type HomeButtonKey =
  | 'moulage'
  | 'informations'
  | 'hse'
  | 'qualite'
  | 'autresInformations'
  | 'beLean'
  | 'suggestion'
  | 'urgence';

export interface HomeButtonSpec {
  key: HomeButtonKey;
  to: string;
  tone: RouteButtonTone;
  icon: keyof typeof homeIcons;
  /** Spans the whole row. */
  wide?: boolean;
}

const BUTTONS: Record<HomeButtonKey, Omit<HomeButtonSpec, 'wide'>> = {
  moulage: { key: 'moulage', to: '/accueil/moulage', tone: 'blanc', icon: 'moulage' },
  informations: {
    key: 'informations',
    to: '/accueil/informations',
    tone: 'blanc',
    icon: 'informations',
  },
  hse: { key: 'hse', to: '/accueil/hse', tone: 'blanc', icon: 'hse' },
  qualite: { key: 'qualite', to: '/accueil/qualite', tone: 'blanc', icon: 'qualite' },
  autresInformations: {
    key: 'autresInformations',
    to: '/accueil/autresInformations',
    tone: 'blanc',
    icon: 'autres',
  },
  beLean: { key: 'beLean', to: '/accueil/projets', tone: 'blanc', icon: 'beLean' },
  suggestion: {
    key: 'suggestion',
    to: '/accueil/formulaire',
    tone: 'blanc',
    icon: 'suggestion',
  },
  urgence: { key: 'urgence', to: '/accueil/urgence', tone: 'rouge', icon: 'urgence' },
};

const ORDER: Record<TotemType, HomeButtonKey[]> = {
  Moulage: [
    'moulage',
    'informations',
    'hse',
    'qualite',
    'autresInformations',
    'beLean',
    'suggestion',
    'urgence',
  ],
  // Its own order (docs/product.md#screens "in a different order"): the assembly lines' daily needs first —
  // safety, quality, continuous improvement — then HR and the rest; emergency alone last.
  Assemblage: [
    'hse',
    'qualite',
    'beLean',
    'informations',
    'autresInformations',
    'suggestion',
    'urgence',
  ],
};

export interface HomeButtonOptions {
  /** The suggestion form's address is published (settings `suggestionFormUrl`). */
  suggestionForm: boolean;
}

/** The buttons in display order (two per row; a `wide` one takes a row alone). */
export function homeButtons(
  totem: TotemType | null,
  { suggestionForm }: HomeButtonOptions,
): HomeButtonSpec[] {
  const order = ORDER[totem ?? 'Moulage'].filter((key) => suggestionForm || key !== 'suggestion');
  return order.map((key) => ({
    ...BUTTONS[key],
    // An odd count (Assemblage; Moulage without the form): the emergency button ends alone on the
    // last row rather than beside an empty cell.
    wide: key === 'urgence' && order.length % 2 === 1,
  }));
}
