/**
 * The usage dashboard (issue 49, part 2): what people read on the totems, read from roll-ups so it
 * answers in well under a second over months of events (docs/usage.md).
 *
 * Days and hours are the plant's (its time zone, settings.ts): a day is `YYYY-MM-DD` on the plant's
 * calendar, a heat-map cell a weekday (1 = Monday … 7 = Sunday) and an hour (0–23) on its clock.
 * The range is inclusive at both ends, in the plant's days, USAGE_DASHBOARD_MAX_DAYS at most.
 * `kioskId` narrows to one totem, `group` to the totems of a group (their profile's groups,
 * ignoring case); both absent: the whole development.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';

export const USAGE_DASHBOARD_MAX_DAYS = 400;
/** How many pages and documents the « top » lists hold. */
export const USAGE_DASHBOARD_TOP = 20;
export const USAGE_DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const UsageDashboardParams = Type.Object({ devid: Id }, { additionalProperties: false });
export type UsageDashboardParams = Static<typeof UsageDashboardParams>;

export const UsageDashboardQuery = Type.Object(
  {
    /** First day, on the plant's calendar (inclusive). */
    from: Type.String({ pattern: USAGE_DAY_PATTERN }),
    /** Last day, on the plant's calendar (inclusive). */
    to: Type.String({ pattern: USAGE_DAY_PATTERN }),
    kioskId: Type.Optional(KioskId),
    group: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  },
  { additionalProperties: false },
);
export type UsageDashboardQuery = Static<typeof UsageDashboardQuery>;

const Count = Type.Integer({ minimum: 0 });

export const UsageDashboard = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** The plant's time zone the days and hours are read in (IANA name). */
  timeZone: Type.String(),
  totals: Type.Object({
    sessions: Count,
    /** Visits of two interactions or more. */
    engagedSessions: Count,
    pageViews: Count,
    taps: Count,
    documentsOpened: Count,
    pagesRead: Count,
    alertsShown: Count,
  }),
  /** Every day of the range, in order (0 on a day without events). */
  days: Type.Array(
    Type.Object({ day: Type.String(), sessions: Count, engagedSessions: Count, pageViews: Count }),
  ),
  /** Only the cells with something in them. */
  heatmap: Type.Array(
    Type.Object({
      weekday: Type.Integer({ minimum: 1, maximum: 7 }),
      hour: Type.Integer({ minimum: 0, maximum: 23 }),
      sessions: Count,
      pageViews: Count,
    }),
  ),
  /** Most viewed pages first (route: the hash path). */
  topPages: Type.Array(Type.Object({ route: Type.String(), pageViews: Count })),
  /** Most opened documents first, with the pages read in them. */
  topDocuments: Type.Array(Type.Object({ target: Type.String(), opens: Count, pagesRead: Count })),
  /** Page views by the language shown (`unknown`: not said). */
  languages: Type.Array(
    Type.Object({
      language: Type.Union([Type.Literal('fr'), Type.Literal('en'), Type.Literal('unknown')]),
      pageViews: Count,
    }),
  ),
  /** Parcours chosen (visitor, a staff mode…). */
  parcours: Type.Array(Type.Object({ parcours: Type.String(), count: Count })),
  /** Per totem, most used first (name: its profile's, null when unnamed). */
  totems: Type.Array(
    Type.Object({
      kioskId: Type.String(),
      name: Type.Union([Type.String(), Type.Null()]),
      groups: Type.Array(Type.String()),
      sessions: Count,
      engagedSessions: Count,
      pageViews: Count,
    }),
  ),
});
export type UsageDashboard = Static<typeof UsageDashboard>;

export const adminUsageDashboardRoutePatterns = {
  dashboard: adminRelative('adminUsageDashboard'),
} as const;
