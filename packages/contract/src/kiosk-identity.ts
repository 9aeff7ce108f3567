/**
 * Forgetting totems (issue 47, part 1): each totem has its own identity, handed out by the server
 * at login and bound to its token. The back-office forgets one totem (« Oublier ce totem »: its
 * token is refused from then on, an online totem returns to the login screen at once, its fleet
 * entry goes) or purges the totems silent for longer than a chosen time. Both are audited; admins
 * and editors of the development.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';

export const ForgetKioskParams = Type.Object({ devid: Id, kioskId: KioskId });
export type ForgetKioskParams = Static<typeof ForgetKioskParams>;

/** Shortest silence a purge takes: an hour, so that a totem rebooting is never purged. */
export const KIOSK_PURGE_MIN_SILENT_HOURS = 1;

export const PurgeKiosksRequest = Type.Object(
  {
    /** Totems not seen for longer than this many hours are forgotten. */
    silentForHours: Type.Integer({ minimum: KIOSK_PURGE_MIN_SILENT_HOURS, maximum: 24 * 366 }),
  },
  { additionalProperties: false },
);
export type PurgeKiosksRequest = Static<typeof PurgeKiosksRequest>;

/** `data` of a forget or a purge: the totems forgotten. */
export const ForgottenKiosks = Type.Object({
  devid: Id,
  kioskIds: Type.Array(Type.String()),
});
export type ForgottenKiosks = Static<typeof ForgottenKiosks>;

export const KIOSK_FORGET_AUDIT_ACTION = 'kiosk.forget';
export const KIOSK_PURGE_AUDIT_ACTION = 'kiosk.purge';

/** Paths relative to the admin plugin's prefix. */
export const adminKioskIdentityRoutePatterns = {
  forget: adminRelative('adminForgetKiosk'),
  purge: adminRelative('adminPurgeKiosks'),
} as const;
