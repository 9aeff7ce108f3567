/**
 * Constants of the fleet view (see fleet.ts), in a module of their own without TypeBox: the kiosk
 * imports them, and its initial bundle must not carry schemas it never uses.
 */

/** localStorage key of the kiosk's stable random id (a UUID made on first start). */
export const KIOSK_ID_STORAGE_KEY = 'kiosk-id';
/** How often a kiosk sends its heartbeat while online. */
export const KIOSK_HEARTBEAT_INTERVAL_MS = 60_000;
/** A kiosk is online while its stream is open, or when it was seen this recently. */
export const FLEET_ONLINE_WINDOW_MS = 2 * 60_000;
/** A kiosk offline (not seen) for longer than this is flagged "silent". */
export const FLEET_SILENT_FLAG_MS = 15 * 60_000;
/** A kiosk whose content has been older than the published version for this long is flagged "behind". */
export const FLEET_BEHIND_FLAG_MS = 15 * 60_000;

/** Names of the server-sent events of the admin live channel. */
export const FLEET_EVENTS = { list: 'fleet', kiosk: 'kiosk' } as const;
