/**
 * The building blocks of the visitor pages: an anchored section, key-figure tiles, bullet lists,
 * and a named zone's images with its visitor title. Text comes from the plant-tour catalogue or
 * the i18n files; images come from the synchronised content, so they show offline too.
 */
import { PLAN_MARK_ZONE_NAME } from '@plant-kiosk/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZONE_GALLERY_LABELS_EN,
  ZONE_GALLERY_LABELS_FR,
  ZoneGallery,
  type ZoneGalleryLayout,
} from '../../components/zone-gallery';
import { useZoneImages } from '../content';
import { usePlanMarkOverlay } from '../own-settings';
import { sectionId } from '../layout';
import type { KeyFigure } from '../visitor-tour';
import { FrenchMark } from './french-mark';
import { useVisitorLanguage } from './use-visitor-page';
import { zoneName, zoneTitle, type VisitorZone } from './zone-titles';

export type SectionTone = 'corail' | 'bleu' | 'vert' | 'rouge' | 'gris';

export interface VisitorSectionProps {
  /** Anchor index: the banner's anchor button `index` scrolls here. */
  index?: number;
  title: string;
  tone?: SectionTone;
  children: ReactNode;
  className?: string;
}

export function VisitorSection({
  index,
  title,
  tone = 'gris',
  children,
  className,
}: VisitorSectionProps) {
  const id = index === undefined ? undefined : sectionId(index);
  const headingId = useId();
  return (
    <section
      id={id}
      className={['visitor-section', `visitor-section--${tone}`, className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="visitor-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="visitor-text">
          {paragraph}
        </p>
      ))}
    </>
  );
}

/**
 * A figure may wrap between its number and its unit word ("3,5 / milliards") so it stays inside
 * its card (totem-size screen fixes); the thousands separators ("13 000") stay unbreakable.
 */
export function breakableFigure(value: string): string {
  return value.replace(/\u00a0(?=\p{L})/gu, ' ');
}

export function KeyFigures({ figures }: { figures: readonly KeyFigure[] }) {
  const { t } = useTranslation();
  if (figures.length === 0) return null;
  return (
    <ul className="key-figures" aria-label={t('visitorPages.common.keyFigures')}>
      {figures.map((figure) => (
        <li key={`${figure.value} ${figure.label}`} className="key-figure">
          <span className="key-figure__value">{breakableFigure(figure.value)}</span>
          <span className="key-figure__label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function BulletList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={['visitor-bullets', className ?? ''].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export interface ZoneImagesProps {
  zone: VisitorZone;
  layout?: ZoneGalleryLayout;
  /** Accessible name of the images; defaults to the zone's visitor title. */
  label?: string;
}

/**
 * A named zone's images, titled and labelled in the page's language: its English version on an
 * English page, or its French one with the "FR" mark while it has none (English content, decision
 * 021).
 */
export function ZoneImages({ zone, layout = 'stack', label }: ZoneImagesProps) {
  const { t } = useTranslation();
  const language = useVisitorLanguage();
  const title = label ?? zoneTitle(zone, language, t);
  const images = useZoneImages(zoneName(zone), { altPrefix: title, language });
  // The site plan carries this totem's « Vous êtes ici » (issue 47), in the page's language.
  const { items, renderOverlay } = usePlanMarkOverlay(
    images.items,
    zoneName(zone) === PLAN_MARK_ZONE_NAME,
    language,
  );
  return (
    <>
      {images.fallback && images.items.length > 0 ? <FrenchMark /> : null}
      <ZoneGallery
        items={items}
        renderOverlay={renderOverlay}
        loading={images.loading}
        emptyMessage={t('visitorPages.common.empty')}
        layout={images.zone?.checkList ? 'steps' : layout}
        label={title}
        labels={language === 'en' ? ZONE_GALLERY_LABELS_EN : ZONE_GALLERY_LABELS_FR}
        className="visitor-zone-images"
      />
    </>
  );
}

/** A section made of one named zone: its visitor title, optional text, then its images. */
export function ZoneSection({
  index,
  zone,
  tone,
  layout,
  children,
}: {
  index: number;
  zone: VisitorZone;
  tone?: SectionTone;
  layout?: ZoneGalleryLayout;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useVisitorLanguage();
  const title = zoneTitle(zone, language, t);
  return (
    <VisitorSection index={index} title={title} tone={tone}>
      {children}
      <ZoneImages zone={zone} layout={layout} label={title} />
    </VisitorSection>
  );
}
