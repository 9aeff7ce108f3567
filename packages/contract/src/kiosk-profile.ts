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

/** What the back-office sends: every field, whole (an empty text clears it). */
export const KioskProfileRequest = Type.Object(
  {
    name: line(KIOSK_NAME_MAX_LENGTH),
    location: line(KIOSK_LOCATION_MAX_LENGTH),
    groups: Type.Array(line(KIOSK_GROUP_MAX_LENGTH), { maxItems: KIOSK_MAX_GROUPS }),
    note: Type.String({ maxLength: KIOSK_NOTE_MAX_LENGTH, pattern: LINES }),
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
} as const;

/** The audit log's action for a saved profile (its summary: the kiosk id and each changed field). */
export const KIOSK_PROFILE_AUDIT_ACTION = 'kiosk.profile.update';

export const adminKioskProfileRoutePatterns = {
  profile: adminRelative('adminKioskProfile'),
} as const;
