/**
 * The alert token as the back-office shows it to admins (red button and acknowledgements, decision
 * 026): the bearer token a fire-alarm panel sends to /api/alerts/{devid}, where it comes from, and
 * its regeneration (refused when ALERT_TOKEN sets it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './entities.js';
import { adminRelative } from './route-table.js';

/** `environment`: ALERT_TOKEN sets it; `file`: generated into DATA_DIR/secrets/alert-token. */
export const AlertTokenOrigin = Type.Union([Type.Literal('environment'), Type.Literal('file')]);
export type AlertTokenOrigin = Static<typeof AlertTokenOrigin>;

export const AdminAlertToken = Type.Object({
  token: Type.String({ minLength: 16 }),
  origin: AlertTokenOrigin,
  /** When the generated token was written (null when the environment sets it). */
  changedAt: Type.Union([IsoDate, Type.Null()]),
  /** Whether the back-office may regenerate it (false when the environment sets it). */
  canRegenerate: Type.Boolean(),
});
export type AdminAlertToken = Static<typeof AdminAlertToken>;

/** The audit action of a regeneration (its summary never holds the token). */
export const ALERT_TOKEN_AUDIT_ACTION = 'alert.token.regenerate';

export const adminAlertTokenRoutePatterns = {
  token: adminRelative('adminAlertToken'),
  regenerate: adminRelative('adminRegenerateAlertToken'),
} as const;
