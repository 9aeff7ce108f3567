/**
 * The notifications domain (issue 48, part 2; decision 042): health notices, and four-eyes
 * publishing's notices (decision 048), delivered where IT looks — a signed webhook and e-mail
 * through the plant's SMTP relay — with the server-wide, admin-only settings and each delivery's
 * result. What the rest of the server may use of it; the
 * rest of this folder, its SQL included, is private (decision 030).
 */
// The health rules hand each notice to a notifier; the app runs its worker (retries).
export { createNotifier, NOTIFICATION_WORKER_MS, RETRY_DELAYS_MS } from './notifier.js';
export type { Notifier, NotifierContext } from './notifier.js';
// Four-eyes publishing builds its notices here and hands them to a notifier after its commits.
export {
  approvedNotice,
  bypassNotice,
  refusedNotice,
  requestedNotice,
  requestsPagePath,
  utcTime,
} from './publication-notices.js';
export type { BypassedAction } from './publication-notices.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { NotificationRepository } from './notification-repository.js';
export type { StoredNotificationSettings } from './notification-repository.js';
// The back-office's routes (routes/admin/index.ts mounts them).
export { adminNotificationRoutes } from './admin-routes.js';
