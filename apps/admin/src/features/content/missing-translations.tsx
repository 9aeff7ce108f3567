/**
 * The visitor zones that lack an English version (English content, decision 021): the zones the
 * kiosk's visitor pages show in the visitor's language (contract VISITOR_ZONES) that have French
 * content and no English element — the draft's `missing-translation` warnings (zone-warnings.tsx).
 */
import { visitorZonePage, type DraftChanges } from '@plant-kiosk/contract';
import type { Resource } from '../../lib/use-resource';
import { ZoneWarningList } from './zone-warnings';

export function MissingTranslations({
  devid,
  currentZoneid,
  draft,
}: {
  devid: number;
  currentZoneid?: number | undefined;
  /** The draft's changes (useDraftWarnings), shared with the page's other lists. */
  draft: Resource<DraftChanges>;
}) {
  return (
    <ZoneWarningList
      devid={devid}
      currentZoneid={currentZoneid}
      draft={draft}
      code="missing-translation"
      title="Traductions manquantes"
      listLabel="Zones visiteurs sans version anglaise"
      intro="Zones des pages visiteurs sans version anglaise : les visiteurs en anglais les voient en français, marquées « FR »."
      empty="Toutes les zones des pages visiteurs qui ont un contenu ont aussi une version anglaise."
      detail={(warning) => `page visiteurs « ${visitorZonePage(warning.zonename ?? '') ?? '?'} »`}
    />
  );
}
