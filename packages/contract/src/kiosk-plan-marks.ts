/**
 * « Vous êtes ici » (issue 47, fleet part 2): per totem, one point on each image of the « Plan du
 * site » zone, placed by clicking the image in the back-office, shown by that totem on both routes
 * that show the zone (Autres informations and Urgence). Coordinates are relative to the image
 * (0–1 from its left and top edges), so every rendering size places the point alike.
 *
 * Like the profile (decision 038) these are per-totem settings, not content: saved, they reach
 * the totem at once without a publish — a `profile` stream message naming the totem makes it read
 * its own settings again (`kioskOwnSettings`), and it keeps them for offline use.
 *
 * Each point remembers the image it was placed on (`image`, the element's image value then). When
 * the element's image is replaced, the point would point at the wrong place: the totem hides it
 * (it compares with the image it holds), and the back-office flags it (`stale`) until it is placed
 * again.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ContentLanguage, Id, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';

/** The zone whose images carry the points (its French name, as the content model names it). */
export const PLAN_MARK_ZONE_NAME = 'Plan du site';

/** At most one point per image; a plan zone holds a handful of images. */
export const PLAN_MARKS_MAX = 50;

const Relative = Type.Number({ minimum: 0, maximum: 1 });

export const PlanMarkInput = Type.Object(
  { elementid: Id, x: Relative, y: Relative },
  { additionalProperties: false },
);
export type PlanMarkInput = Static<typeof PlanMarkInput>;

/**
 * What the back-office sends: the totem's points, whole (an image left out has no point). 400 for
 * an element that is not an image of the « Plan du site » zone, or two points on one image.
 */
export const KioskPlanMarksRequest = Type.Object(
  { marks: Type.Array(PlanMarkInput, { maxItems: PLAN_MARKS_MAX }) },
  { additionalProperties: false },
);
export type KioskPlanMarksRequest = Static<typeof KioskPlanMarksRequest>;

/** One point as stored: `image` is the element's image it was placed on. */
export const PlanMark = Type.Object({
  elementid: Id,
  x: Relative,
  y: Relative,
  image: Type.String(),
});
export type PlanMark = Static<typeof PlanMark>;

/** One point as the back-office sees it: `stale` when the published image is no longer `image`. */
export const KioskPlanMark = Type.Composite([PlanMark, Type.Object({ stale: Type.Boolean() })]);
export type KioskPlanMark = Static<typeof KioskPlanMark>;

/**
 * One published image of « Plan du site », where the back-office places a point; `lang: 'en'` for
 * an image of the zone's English version (absent: French, as `Element.lang`).
 */
export const PlanImage = Type.Object({
  elementid: Id,
  image: Type.String(),
  lang: Type.Optional(ContentLanguage),
});
export type PlanImage = Static<typeof PlanImage>;

export const KioskPlanMarks = Type.Object({
  devid: Id,
  kioskId: Type.String(),
  marks: Type.Array(KioskPlanMark),
  /** The published images of « Plan du site », in the zone's order (what a point may be put on). */
  images: Type.Array(PlanImage),
});
export type KioskPlanMarks = Static<typeof KioskPlanMarks>;

export const KioskPlanMarksParams = Type.Object(
  { devid: Id, kioskId: KioskId },
  { additionalProperties: false },
);
export type KioskPlanMarksParams = Static<typeof KioskPlanMarksParams>;

/**
 * `data` of `kioskOwnSettings`: what a totem needs of its own per-totem settings (the token's
 * totem; its name and place for « Identifier », its points for the plan).
 */
export const KioskOwnSettings = Type.Object({
  kioskId: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([Type.String(), Type.Null()]),
  marks: Type.Array(PlanMark),
  /**
   * Where its screen sits above the floor, in mm, for the reach mode's line (issue 52; null: the
   * default mount). Absent from older servers.
   */
  screenBottomMm: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  screenTopMm: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type KioskOwnSettings = Static<typeof KioskOwnSettings>;

export const KIOSK_PLAN_MARKS_AUDIT_ACTION = 'kiosk.plan-marks.update';

/** Paths relative to the admin plugin's prefix. */
export const adminKioskPlanMarkRoutePatterns = {
  marks: adminRelative('adminKioskPlanMarks'),
  save: adminRelative('adminSetKioskPlanMarks'),
} as const;
