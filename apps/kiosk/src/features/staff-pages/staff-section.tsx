/**
 * The building blocks of every staff page: a titled section (with the anchor id the banner's
 * buttons scroll to, docs/product.md#screens) and a section showing one named image zone (docs/product.md#content-model). A zone whose
 * `checkList` flag is set shows its images as numbered steps.
 */
import { PLAN_MARK_ZONE_NAME } from '@plant-kiosk/contract';
import type { ReactNode } from 'react';
import {
  ZoneGallery,
  type ZoneGalleryLayout,
  type ZoneGalleryProps,
} from '../../components/zone-gallery';
import { useZoneImages } from '../content';
import { usePlanMarkOverlay } from '../own-settings';
import { sectionId } from '../layout';
import { STAFF_TEXT } from './staff-texts';

export interface StaffSectionProps {
  title: string;
  /** Position among the page's anchors; without it the section has no anchor. */
  anchorIndex?: number;
  /** Extra line under the title. */
  subtitle?: string;
  tone?: 'default' | 'urgent';
  children: ReactNode;
  className?: string;
}

export function StaffSection({
  title,
  anchorIndex,
  subtitle,
  tone = 'default',
  children,
  className,
}: StaffSectionProps) {
  const headingId = `${anchorIndex === undefined ? 'staff' : sectionId(anchorIndex)}-${slug(title)}`;
  return (
    <section
      id={anchorIndex === undefined ? undefined : sectionId(anchorIndex)}
      className={['staff-section', `staff-section--${tone}`, className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
    >
      <header className="staff-section__header">
        <h2 id={headingId} className="staff-section__title">
          {title}
        </h2>
        {subtitle && <p className="staff-section__subtitle">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}

export interface ZoneSectionProps
  extends
    Pick<ZoneGalleryProps, 'columns' | 'imageSize' | 'onOpen'>,
    Omit<StaffSectionProps, 'children'> {
  /** The zone's name (docs/product.md#content-model), e.g. IMAGE_ZONES.ppe.fr. */
  zonename: string;
  layout?: ZoneGalleryLayout;
}

export function ZoneSection({
  zonename,
  layout = 'stack',
  columns,
  imageSize,
  onOpen,
  ...section
}: ZoneSectionProps) {
  const images = useZoneImages(zonename, { altPrefix: section.title });
  const { loading, zone } = images;
  // The site plan carries this totem's « Vous êtes ici » (issue 47), wherever it is shown.
  const { items, renderOverlay } = usePlanMarkOverlay(
    images.items,
    zonename === PLAN_MARK_ZONE_NAME,
  );
  return (
    <StaffSection
      {...section}
      subtitle={section.subtitle ?? (zone?.checkList ? STAFF_TEXT.steps : undefined)}
    >
      <ZoneGallery
        items={items}
        loading={loading}
        emptyMessage={STAFF_TEXT.empty}
        layout={zone?.checkList ? 'steps' : layout}
        columns={columns}
        imageSize={imageSize}
        onOpen={onOpen}
        label={section.title}
        renderOverlay={renderOverlay}
      />
    </StaffSection>
  );
}

function slug(text: string) {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}
