/**
 * The zones whose images lack a text alternative (issue 52, decision 050): the draft's
 * `missing-alt-text` warnings (zone-warnings.tsx), one per zone with how many of its images — its
 * elements', sub-elements' and sub-groups' — the totem's read aloud can only call by the zone's
 * name. The count is the server's, read from the warning's message, never recomputed here.
 */
import type { DraftChanges, PublishProblem } from '@plant-kiosk/contract';
import type { Resource } from '../../lib/use-resource';
import { ZoneWarningList } from './zone-warnings';

/**
 * « 3 images sans texte alternatif » out of « Zone « Menu » : 3 images sans texte alternatif — la
 * lecture à voix haute… »: the message without the zone's name (the link shows it) and without the
 * consequence (the list's intro says it once). The whole message when it reads otherwise.
 */
export function altWarningDetail(warning: PublishProblem): string {
  const prefix = `Zone « ${warning.zonename ?? ''} » : `;
  const rest = warning.message.startsWith(prefix)
    ? warning.message.slice(prefix.length)
    : warning.message;
  return (rest.split(' — ')[0] ?? rest).trim() || warning.message;
}

export function MissingAltTexts({
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
      code="missing-alt-text"
      title="Textes alternatifs manquants"
      listLabel="Zones avec des images sans texte alternatif"
      intro="Zones avec des images sans texte alternatif : la lecture à voix haute des totems n’en dit que le nom de la zone."
      empty="Toutes les images ont un texte alternatif."
      detail={altWarningDetail}
    />
  );
}
