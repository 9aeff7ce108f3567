/**
 * A totem's profile (issue 47, fleet part 1): its name (« Hall d'accueil »), its location, its
 * groups (« Bâtiment A », « Ateliers ») and a note. Per-totem settings that are not content: saved,
 * they are in force at once, without a publish (decision 038).
 *
 * `PUT adminKioskProfile` sets them whole; the fleet list (`adminFleet`, and its live channel)
 * carries them on each KioskStatus. The schema bounds what is sent; the server then trims each
 * text (an empty one is none), drops empty groups and repeats (ignoring case), and stores the rest.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';
import { BIDI_CONTROL, LONE_SURROGATE } from './text.js';

export const KIOSK_NAME_MAX_LENGTH = 60;
export const KIOSK_LOCATION_MAX_LENGTH = 80;
export const KIOSK_GROUP_MAX_LENGTH = 40;
export const KIOSK_MAX_GROUPS = 10;
export const KIOSK_NOTE_MAX_LENGTH = 500;

// One line, no lone surrogate nor bidi control (text.ts says why); white space at the ends is
// allowed here because the server trims it rather than refusing it.
const ONE_LINE = `^(?!.*(?:${LONE_SURROGATE}|${BIDI_CONTROL})).*$`;
// The note may hold several lines.
const LINES = `^(?![\\s\\S]*(?:${LONE_SURROGATE}|${BIDI_CONTROL}))[\\s\\S]*$`;

const line = (maxLength: number) => Type.String({ maxLength, pattern: ONE_LINE });

/**
 * Where the totem's screen sits above the floor (issue 52, decision 049): the reach mode puts every
 * control below the screen row at 1220 mm, and mounts differ within a plant (a wall bracket in the
 * canteen, a floor stand in the hall). Millimetres, both or neither (neither: the 700–1900 mm mount
 * of the standard floor stand).
 */
export const SCREEN_HEIGHT_LIMITS = {
  bottom: { min: 100, max: 2500 },
  top: { min: 200, max: 3000 },
  /** The shortest screen span a totem can have, bottom to top. */
  minSpan: 200,
} as const;
export const DEFAULT_SCREEN_HEIGHTS = { screenBottomMm: 700, screenTopMm: 1900 } as const;
/** The highest point a person in a wheelchair reaches forward (EN 301 549 §8.3.3.1). */
export const REACH_TOP_MM = 1220;

/**
 * The screen row (CSS px from the top of a `viewportHeight` screen) at the reach height, rounded
 * up to the next 10 px (the person's side, a hair lower): 1090 on the default mount of a 1080 ×
 * 1920 totem, the figure of issue 52. 0 when the whole screen is within reach, `viewportHeight`
 * when none of it is. Heights that make no sense (an inverted or empty span) give the default
 * mount's line. The kiosk draws its reach mode with it; the back-office shows it beside the
 * heights.
 */
export function reachLineY(
  heights: { screenBottomMm: number | null; screenTopMm: number | null },
  viewportHeight: number,
  reachTopMm: number = REACH_TOP_MM,
): number {
  const { screenBottomMm: bottom, screenTopMm: top } = heights;
  const valid =
    bottom !== null &&
    top !== null &&
    Number.isFinite(bottom) &&
    Number.isFinite(top) &&
    top > bottom;
  const low = valid ? bottom : DEFAULT_SCREEN_HEIGHTS.screenBottomMm;
  const high = valid ? top : DEFAULT_SCREEN_HEIGHTS.screenTopMm;
  const above = (high - reachTopMm) / (high - low);
  // The epsilon keeps a float just above a multiple (1088.0000001) from going up a step.
  const y = Math.ceil((above * viewportHeight) / 10 - 1e-9) * 10;
  return Math.min(Math.max(y, 0), viewportHeight);
}
// Null first: the server's validator coerces types, and tried first an integer branch would turn
// a null into 0 before the null branch saw it.
const heightMm = ({ min, max }: { min: number; max: number }) =>
  Type.Union([Type.Null(), Type.Integer({ minimum: min, maximum: max })]);
const ScreenBottomMm = heightMm(SCREEN_HEIGHT_LIMITS.bottom);
const ScreenTopMm = heightMm(SCREEN_HEIGHT_LIMITS.top);

/** What the back-office sends: every field, whole (an empty text clears it). */
export const KioskProfileRequest = Type.Object(
  {
    name: line(KIOSK_NAME_MAX_LENGTH),
    location: line(KIOSK_LOCATION_MAX_LENGTH),
    groups: Type.Array(line(KIOSK_GROUP_MAX_LENGTH), { maxItems: KIOSK_MAX_GROUPS }),
    note: Type.String({ maxLength: KIOSK_NOTE_MAX_LENGTH, pattern: LINES }),
    /** The screen's lower and upper edges above the floor, in mm (null: the default mount);
     * left out, the stored ones are kept (a client from before them). */
    screenBottomMm: Type.Optional(ScreenBottomMm),
    screenTopMm: Type.Optional(ScreenTopMm),
    /**
     * The profile's version the form was opened on (0: the totem had none). Another value than
     * the stored one answers 409 with the profile as it is now: someone else saved it meanwhile.
     */
    version: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type KioskProfileRequest = Static<typeof KioskProfileRequest>;

/** A totem's profile as stored (null: not set). `version` 0 when it was never saved. */
export const KioskProfile = Type.Object({
  devid: Id,
  kioskId: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([Type.String(), Type.Null()]),
  groups: Type.Array(Type.String()),
  note: Type.Union([Type.String(), Type.Null()]),
  /** Null: the default mount (DEFAULT_SCREEN_HEIGHTS). */
  screenBottomMm: Type.Union([Type.Integer(), Type.Null()]),
  screenTopMm: Type.Union([Type.Integer(), Type.Null()]),
  version: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type KioskProfile = Static<typeof KioskProfile>;

export const KioskProfileParams = Type.Object(
  { devid: Id, kioskId: KioskId },
  { additionalProperties: false },
);
export type KioskProfileParams = Static<typeof KioskProfileParams>;

/** French names of the fields, for the form and its messages. */
export const KIOSK_PROFILE_LABELS = {
  name: 'Nom',
  location: 'Lieu',
  groups: 'Groupes',
  note: 'Note',
  screenBottomMm: 'Bas de l’écran',
  screenTopMm: 'Haut de l’écran',
} as const;

/** The audit log's action for a saved profile (its summary: the kiosk id and each changed field). */
export const KIOSK_PROFILE_AUDIT_ACTION = 'kiosk.profile.update';

export const adminKioskProfileRoutePatterns = {
  profile: adminRelative('adminKioskProfile'),
} as const;
