/**
 * The accounts domain: who may call the server. Kiosk accounts and their login (POST /clientauth,
 * docs/product.md#calls, with its per-address failure limit), back-office users, their sessions and login,
 * developments and the admins' operations on them (management), the first admin created at start,
 * and the SQL of all of it. What the rest of the server may use of it; the rest of this folder is
 * private (decision 030).
 */
export { authRoutes as kioskLoginRoutes } from './kiosk-login-routes.js';
export { sessionRoutes as adminSessionRoutes } from './session-routes.js';
export { managementRoutes as adminManagementRoutes } from './admin-routes.js';
export { AdminSessions, sameSecret, type AdminAuth, type SessionRecheck } from './sessions.js';
export { Management } from './management.js';
export { ensureFirstAdmin, type FirstAdminResult } from './first-admin.js';
// Test fixtures create back-office users with real password hashes.
export { hashAdminPassword } from './admin-passwords.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { AccountRepository } from './account-repository.js';
export { DevelopmentRepository } from './development-repository.js';
export { AdminUserRepository } from './admin-user-repository.js';
