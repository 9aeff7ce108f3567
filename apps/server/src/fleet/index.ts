/**
 * The fleet domain (fleet status in the database, decision 007): the totems' heartbeats, their
 * status and presence, the back-office's fleet page and its live updates. What the rest of the
 * server may use of it; the rest of this folder, its SQL included, is private (decision 030).
 */
export { heartbeatRoutes } from './heartbeat-routes.js';
export { adminFleetRoutes } from './admin-routes.js';
export { adminKioskForgetRoutes } from './kiosk-forget-routes.js';
export { adminKioskProfileRoutes } from './kiosk-profile-routes.js';
// The stream marks a totem present or gone; a publish tells the fleet what each totem should now
// hold; the alert view shows each totem's status beside its acknowledgement.
export { Fleet, fleetAfterPublish, toKioskStatus } from './fleet.js';
// The fleet as the back-office lists it (each totem with its profile): the metrics read it too.
export { ProfiledFleet } from './kiosk-profiles.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { KioskRepository } from './kiosk-repository.js';
export { KioskIdentityRepository } from './kiosk-identity-repository.js';
// Each totem's own identity (issue 47): the login names the totem, the reports check it.
export {
  KioskIdentities,
  KIOSK_IDENTITIES_FULL_MESSAGE,
  KIOSK_IDENTITY_UNSEEN_TTL_MS,
  KIOSK_NOT_YOURS_MESSAGE,
} from './kiosk-identities.js';
export { KioskProfileRepository } from './kiosk-profile-repository.js';
// « Vous êtes ici » (decision 038): each totem's points on the site plan, and its own settings.
export { KioskPlanMarkRepository } from './kiosk-plan-mark-repository.js';
export { adminKioskPlanMarkRoutes } from './kiosk-plan-mark-routes.js';
export { kioskOwnSettingsRoutes } from './kiosk-own-settings-routes.js';
// Remote commands (issue 47): the store's side, the back-office's and the totem's routes, and the
// queue the stream sends a totem when it connects.
export { KioskCommandRepository } from './kiosk-command-repository.js';
export { adminKioskCommandRoutes } from './kiosk-command-routes.js';
export { kioskCommandAckRoutes } from './kiosk-command-ack-routes.js';
export { KioskCommands } from './kiosk-commands.js';
// Thumbnails the totems draw of their own page (issue 48): the store's side, the totem's upload and
// the back-office's reads.
export { KioskThumbnailRepository } from './kiosk-thumbnail-repository.js';
export { kioskThumbnailRoutes } from './kiosk-thumbnail-routes.js';
export { adminKioskThumbnailRoutes } from './kiosk-thumbnail-admin-routes.js';
