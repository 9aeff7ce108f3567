/**
 * « Numéros d’urgence » while the local database holds nothing (issue 53, decision 051): after a
 * power cut cost the totem its database, and until the next full snapshot is in, the staff home
 * and the emergency pages show this card instead of blank sections. It needs no database and no
 * network: the built-in numbers are text, and the emergency-numbers zone's images come from the
 * copy the last sync left in localStorage (emergency-fallback-store.ts), served by the service
 * worker's media cache; an image that does not load shows its text alternative instead.
 */
import type { ContentLanguage } from '@plant-kiosk/contract';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useKiosk } from '../../lib/kiosk-context/kiosk-context';
import { openKioskDb } from '../../lib/local-db/kiosk-db';
import {
  fallbackImagesIn,
  readEmergencyFallback,
  type FallbackImage,
} from './emergency-fallback-store';
import './emergency-fallback.css';

/** The numbers every totem knows, whatever it held (France). */
export const BUILT_IN_NUMBERS = [
  { digits: '112', label: { fr: 'Urgence européenne', en: 'European emergency number' } },
  { digits: '18', label: { fr: 'Pompiers', en: 'Fire brigade' } },
  { digits: '15', label: { fr: 'SAMU', en: 'Ambulance (SAMU)' } },
] as const;

export const FALLBACK_TEXT = {
  fr: {
    title: 'Numéros d’urgence',
    notice:
      'Copie locale en reconstruction — les informations reviennent dès la prochaine synchronisation.',
    numbers: 'Numéros à composer',
    site: 'Numéros du site',
    image: (index: number, total: number) =>
      total > 1 ? `Numéros d’urgence du site, ${index} / ${total}` : 'Numéros d’urgence du site',
  },
  en: {
    title: 'Emergency numbers',
    notice:
      'The local copy is being rebuilt — the information comes back with the next synchronisation.',
    numbers: 'Numbers to call',
    site: 'Site numbers',
    image: (index: number, total: number) =>
      total > 1 ? `Site emergency numbers, ${index} / ${total}` : 'Site emergency numbers',
  },
} as const;

export interface EmergencyFallbackCardProps {
  devname: string;
  language?: ContentLanguage;
}

/** The card itself, always shown (see `EmergencyFallback` for the "only when empty" rule). */
export function EmergencyFallbackCard({ devname, language = 'fr' }: EmergencyFallbackCardProps) {
  const text = FALLBACK_TEXT[language];
  // Read once per mount: the copy only changes after a sync, which also ends the card.
  const images = useMemo(
    () => fallbackImagesIn(readEmergencyFallback(devname), language),
    [devname, language],
  );
  const headingId = `emergency-fallback-title-${language}`;
  return (
    <section
      className="emergency-fallback"
      aria-labelledby={headingId}
      data-testid="emergency-fallback"
      lang={language}
    >
      <header className="emergency-fallback__header">
        <h2 id={headingId} className="emergency-fallback__title">
          {text.title}
        </h2>
      </header>
      <p className="emergency-fallback__notice" role="status">
        {text.notice}
      </p>
      <h3 className="emergency-fallback__subtitle">{text.numbers}</h3>
      <ul className="emergency-fallback__numbers">
        {BUILT_IN_NUMBERS.map((number) => (
          <li key={number.digits} className="emergency-fallback__number">
            <span className="emergency-fallback__digits">{number.digits}</span>
            <span className="emergency-fallback__label">{number.label[language]}</span>
          </li>
        ))}
      </ul>
      {images.length > 0 && (
        <>
          <h3 className="emergency-fallback__subtitle">{text.site}</h3>
          <ul className="emergency-fallback__images">
            {images.map((image, index) => (
              <li key={image.src}>
                <FallbackPicture image={image} name={text.image(index + 1, images.length)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** An image of the copy; its words as text when the file is not there (not cached, offline). */
function FallbackPicture({ image, name }: { image: FallbackImage; name: string }) {
  const [failed, setFailed] = useState(false);
  const alt = image.alt ?? name;
  if (failed) return <p className="emergency-fallback__caption">{alt}</p>;
  return (
    <figure className="emergency-fallback__figure">
      <img
        className="emergency-fallback__image"
        src={image.src}
        alt={alt}
        onError={() => setFailed(true)}
      />
    </figure>
  );
}

/**
 * True once the local database answered that it holds no zone at all (a rebuilt or never-synced
 * database); false while it has not answered, so a normal start never flashes the card.
 */
export function useLocalContentMissing(devname: string): boolean {
  const db = useMemo(() => openKioskDb(devname), [devname]);
  const zones = useLiveQuery(async () => {
    try {
      return await db.zones.count();
    } catch {
      // An unreadable database holds nothing to show either.
      return 0;
    }
  }, [db]);
  return zones === 0;
}

/** The card where a page would be blank: only while the local database holds no zone. */
export function EmergencyFallback({ language = 'fr' }: { language?: ContentLanguage }) {
  const { config } = useKiosk();
  const missing = useLocalContentMissing(config.devname);
  if (!missing) return null;
  return <EmergencyFallbackCard devname={config.devname} language={language} />;
}
