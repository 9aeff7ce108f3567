/**
 * The identify overlay (issue 47, « Identifier »): mounted once beside the router, under the
 * emergency takeover (see identify-overlay.css), it shows what `showIdentification` asked — the
 * totem's name, place and id — in the kiosk's language, and nothing otherwise.
 */
import type { Language } from '../../i18n/i18n';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useIdentifyStore } from './identify-store';
import './identify-overlay.css';

/** Its own few texts (French and English), kept with the overlay. */
export const IDENTIFY_TEXTS: Record<
  Language,
  { title: string; noName: string; noLocation: string; id: string }
> = {
  fr: {
    title: 'Identification du totem',
    noName: 'Totem sans nom',
    noLocation: 'Emplacement non renseigné',
    id: 'Identifiant',
  },
  en: {
    title: 'Kiosk identification',
    noName: 'Unnamed kiosk',
    noLocation: 'No location set',
    id: 'Identifier',
  },
};

export function IdentifyOverlay() {
  const shown = useIdentifyStore((state) => state.shown);
  const language = useUiStore((state) => state.language);
  if (!shown) return null;
  const texts = IDENTIFY_TEXTS[language];
  const name = shown.name?.trim() || null;
  const location = shown.location?.trim() || null;
  return (
    <div className="identify-overlay" role="status" lang={language} data-testid="identify-overlay">
      <div className="identify-overlay__panel">
        <p className="identify-overlay__title">{texts.title}</p>
        <p className={`identify-overlay__name${name ? '' : ' identify-overlay__unset'}`}>
          {name ?? texts.noName}
        </p>
        <p className={`identify-overlay__location${location ? '' : ' identify-overlay__unset'}`}>
          {location ?? texts.noLocation}
        </p>
        <p className="identify-overlay__id-label">{texts.id}</p>
        <p className="identify-overlay__id">{shown.kioskId}</p>
      </div>
    </div>
  );
}
