/**
 * « Vous êtes ici » (issue 47, decision 038): what a totem's points are checked against — the
 * images of the published « Plan du site » zone. A point is placed on an image the totems hold
 * (the live content, never the draft), and remembers it; when the live image is no longer that
 * one (replaced, or the element gone), the point is `stale`.
 */
import {
  PLAN_MARK_ZONE_NAME,
  type KioskPlanMark,
  type KioskPlanMarks,
  type KioskPlanMarksRequest,
  type PlanImage,
  type PlanMark,
} from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import { badRequest } from '../lib/envelope.js';
import { roundRelative } from './kiosk-plan-mark-repository.js';

export const KIOSK_PLAN_MARK_MESSAGES = {
  notPlanImage: (elementid: number) =>
    `L’élément ${elementid} n’est pas une image publiée de « ${PLAN_MARK_ZONE_NAME} » (remplacée ou retirée entre-temps ?) : rechargez la page et replacez le point.`,
  twice: (elementid: number) =>
    `Deux points sur la même image (élément ${elementid}) : une image porte un seul point « Vous êtes ici ».`,
  saved:
    'Points « Vous êtes ici » enregistrés : le totem les affiche dès maintenant, sans publication.',
  unchanged: 'Rien n’a changé.',
} as const;

/**
 * The published images of « Plan du site » by element id, in the zone's order (its English
 * version's too: a totem shows them on English pages); none without the zone.
 */
export async function publishedPlanImages(
  repos: Pick<Repositories, 'live'>,
  devid: number,
): Promise<Map<number, PlanImage>> {
  const zone = await repos.live.findZoneByName(devid, PLAN_MARK_ZONE_NAME);
  if (!zone) return new Map();
  const elements = await repos.live.listElements(zone.zoneid);
  return new Map(
    elements
      .filter((element) => element.type === 'image')
      .map((element) => [
        element.elementid,
        {
          elementid: element.elementid,
          image: element.value,
          ...(element.lang === 'en' ? { lang: element.lang } : {}),
        },
      ]),
  );
}

/** The points as the back-office sees them: stale when their image is no longer the live one. */
export const withStale = (
  marks: readonly PlanMark[],
  images: Map<number, PlanImage>,
): KioskPlanMark[] =>
  marks.map((mark) => ({ ...mark, stale: images.get(mark.elementid)?.image !== mark.image }));

/** The back-office's answer: the totem's points, flagged, and the images they may be put on. */
export const planMarksAnswer = (
  devid: number,
  kioskId: string,
  marks: readonly PlanMark[],
  images: Map<number, PlanImage>,
): KioskPlanMarks => ({
  devid,
  kioskId,
  marks: withStale(marks, images),
  images: [...images.values()],
});

/**
 * The points to store for a request: each on a live plan image, one per image, remembering that
 * image. 400 (French) otherwise.
 */
export function marksToStore(
  request: KioskPlanMarksRequest,
  images: Map<number, PlanImage>,
): PlanMark[] {
  const seen = new Set<number>();
  return request.marks
    .map(({ elementid, x, y }) => {
      const image = images.get(elementid)?.image;
      if (image === undefined) throw badRequest(KIOSK_PLAN_MARK_MESSAGES.notPlanImage(elementid));
      if (seen.has(elementid)) throw badRequest(KIOSK_PLAN_MARK_MESSAGES.twice(elementid));
      seen.add(elementid);
      return { elementid, x: roundRelative(x), y: roundRelative(y), image };
    })
    .sort((a, b) => a.elementid - b.elementid);
}

/** Whether two point lists (both by element id) say the same. */
export const sameMarks = (a: readonly PlanMark[], b: readonly PlanMark[]): boolean =>
  a.length === b.length &&
  a.every(
    (mark, index) =>
      mark.elementid === b[index]!.elementid &&
      mark.x === b[index]!.x &&
      mark.y === b[index]!.y &&
      mark.image === b[index]!.image,
  );
