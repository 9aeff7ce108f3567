/**
 * Health rules (issue 48, part 2; decision 041): what the server watches on a development's
 * totems, with the plant's own thresholds, and the incidents it raised and cleared. Server-side
 * settings, admin-only, never published (published settings travel to every totem: decision 017).
 *
 * Each rule has its switch and its threshold (the unit depends on the rule: HEALTH_RULE_THRESHOLDS);
 * `quietMinutes` is the quiet period kept before raising an incident and again before clearing it,
 * so that a totem that flaps says nothing new. A muted totem raises nothing until its mute ends.
 */
import { Type, type Static } from '@sinclair/typebox';
import { HEALTH_RULE_KINDS, HealthRuleKind } from './health-notice.js';
import { Id, IsoDate } from './entities.js';
import { adminRelative } from './route-table.js';

export const HealthRule = Type.Object(
  {
    enabled: Type.Boolean(),
    /** In the rule's unit (HEALTH_RULE_THRESHOLDS); ignored by `schedule-held`. */
    threshold: Type.Integer({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);
export type HealthRule = Static<typeof HealthRule>;

const ruleMap = Type.Object(
  Object.fromEntries(HEALTH_RULE_KINDS.map((kind) => [kind, HealthRule])) as Record<
    (typeof HEALTH_RULE_KINDS)[number],
    typeof HealthRule
  >,
  { additionalProperties: false },
);

/** What an admin saves. */
export const HealthRulesRequest = Type.Object(
  {
    rules: ruleMap,
    /** Quiet period before raising and before clearing an incident. */
    quietMinutes: Type.Integer({ minimum: 0, maximum: 1440 }),
  },
  { additionalProperties: false },
);
export type HealthRulesRequest = Static<typeof HealthRulesRequest>;

export const HealthRules = Type.Object({
  devid: Id,
  rules: ruleMap,
  quietMinutes: Type.Integer({ minimum: 0 }),
  /** Last saved (null: the defaults, never saved). */
  updatedAt: Type.Union([IsoDate, Type.Null()]),
  /** Whether this user may change them (admins). */
  canEdit: Type.Boolean(),
});
export type HealthRules = Static<typeof HealthRules>;

/** Each rule's threshold: its unit, bounds and default (the figures). */
export const HEALTH_RULE_THRESHOLDS: Record<
  HealthRuleKind,
  { unit: 'minutes' | 'percent' | 'seconds' | 'none'; min: number; max: number; default: number }
> = {
  silent: { unit: 'minutes', min: 1, max: 1440, default: 15 },
  behind: { unit: 'minutes', min: 1, max: 1440, default: 30 },
  'media-incomplete': { unit: 'minutes', min: 1, max: 1440, default: 60 },
  'storage-full': { unit: 'percent', min: 50, max: 99, default: 90 },
  'schedule-held': { unit: 'none', min: 0, max: 0, default: 0 },
  'alert-unacknowledged': { unit: 'seconds', min: 5, max: 3600, default: 30 },
};

export const HEALTH_QUIET_MINUTES_DEFAULT = 5;

/** The rules of a development that never saved its own. */
export function defaultHealthRules(): HealthRulesRequest {
  return {
    rules: Object.fromEntries(
      HEALTH_RULE_KINDS.map((kind) => [
        kind,
        { enabled: true, threshold: HEALTH_RULE_THRESHOLDS[kind].default },
      ]),
    ) as HealthRulesRequest['rules'],
    quietMinutes: HEALTH_QUIET_MINUTES_DEFAULT,
  };
}

/**
 * An incident's life: pending (the condition holds, quiet period before raising), raised (the
 * message went), clearing (the condition ended, quiet period before clearing), cleared (the
 * « rétabli » message went). A pending one whose condition ends is dropped: nothing was said.
 */
export const HealthIncidentState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('raised'),
  Type.Literal('clearing'),
  Type.Literal('cleared'),
]);
export type HealthIncidentState = Static<typeof HealthIncidentState>;

export const HealthIncident = Type.Object({
  incidentId: Id,
  devid: Id,
  /** Null for a development-wide incident (a held publication). */
  kioskId: Type.Union([Type.String(), Type.Null()]),
  kioskName: Type.Union([Type.String(), Type.Null()]),
  rule: HealthRuleKind,
  state: HealthIncidentState,
  /** Since when the condition holds. */
  firstSeenAt: IsoDate,
  raisedAt: Type.Union([IsoDate, Type.Null()]),
  clearPendingSince: Type.Union([IsoDate, Type.Null()]),
  clearedAt: Type.Union([IsoDate, Type.Null()]),
});
export type HealthIncident = Static<typeof HealthIncident>;

export const KioskMute = Type.Object({
  devid: Id,
  kioskId: Type.String(),
  /** Until when it raises nothing (null: not muted). */
  until: Type.Union([IsoDate, Type.Null()]),
});
export type KioskMute = Static<typeof KioskMute>;

export const HealthIncidentList = Type.Object({
  /** Open ones (pending, raised, clearing) first, then the recent cleared ones; newest first. */
  incidents: Type.Array(HealthIncident),
  /** The development's totems muted now. */
  mutes: Type.Array(KioskMute),
});
export type HealthIncidentList = Static<typeof HealthIncidentList>;

export const KioskMuteParams = Type.Object({
  devid: Id,
  kioskId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type KioskMuteParams = Static<typeof KioskMuteParams>;

export const KIOSK_MUTE_MAX_HOURS = 168;

export const KioskMuteRequest = Type.Object(
  { hours: Type.Integer({ minimum: 1, maximum: KIOSK_MUTE_MAX_HOURS }) },
  { additionalProperties: false },
);
export type KioskMuteRequest = Static<typeof KioskMuteRequest>;

export const HEALTH_AUDIT_ACTIONS = {
  rules: 'health.rules.update',
  mute: 'kiosk.mute',
  unmute: 'kiosk.unmute',
} as const;

/** Fastify route patterns of the health calls, relative to ADMIN_API_PREFIX. */
export const adminHealthRoutePatterns = {
  rules: adminRelative('adminHealthRules'),
  saveRules: adminRelative('adminSaveHealthRules'),
  incidents: adminRelative('adminHealthIncidents'),
  mute: adminRelative('adminMuteKiosk'),
  unmute: adminRelative('adminUnmuteKiosk'),
} as const;
