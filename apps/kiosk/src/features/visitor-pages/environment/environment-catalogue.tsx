/**
 * The environment catalogue (content zone "Catalogue environnement": its first element's
 * "Catalogue environnement" sub-group, field `pages`) behind a cover button that opens its pages
 * in the full-screen page viewer.
 */
import { CONTENT_ZONES, MODEL_LABELS } from '@plant-kiosk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FingerIcon } from '../../../components/route-button/route-button';
import { useRuntimeConfig } from '../../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../../lib/media/media-url';
import { pageImages, toViewerPages, useSubgroups, useZone } from '../../content';
import { DocumentPopup } from '../document-popup';
import { FrenchMark } from '../french-mark';
import { useVisitorLanguage } from '../use-visitor-page';

export interface EnvironmentCatalogueProps {
  title: string;
  openLabel: string;
  closeLabel: string;
}

export function EnvironmentCatalogue({ title, openLabel, closeLabel }: EnvironmentCatalogueProps) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  // Its English version on an English page, if it has one (English content, decision 021).
  const zone = useZone(CONTENT_ZONES.environmentCatalogue, { language: useVisitorLanguage() });
  const element = zone.elements[0];
  const { subgroups, loading } = useSubgroups(
    element?.elementid,
    MODEL_LABELS.environmentCatalogue,
  );
  const pages = useMemo(
    () => toViewerPages(pageImages(subgroups[0]?.fields.pages), (value) => mediaUrl(value, config)),
    [subgroups, config],
  );
  const [open, setOpen] = useState(false);

  if (pages.length === 0) {
    if (zone.loading || loading) return null;
    return <p className="visitor-pending">{t('visitorPages.environment.cataloguePending')}</p>;
  }
  return (
    <>
      {zone.fallback ? <FrenchMark /> : null}
      <button
        type="button"
        className="document-cover"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <img className="document-cover__image" src={pages[0]?.src} alt="" draggable={false} />
        <span className="document-cover__text">
          <span className="document-cover__title">{title}</span>
          <span className="document-cover__action">{openLabel}</span>
        </span>
        <span className="document-cover__finger">
          <FingerIcon />
        </span>
      </button>
      <DocumentPopup
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        pages={pages}
        closeLabel={closeLabel}
      />
    </>
  );
}
