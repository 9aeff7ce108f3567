/**
 * The SSO domain (issue 51, part 1; decision 046): OpenID Connect sign-in to the back-office —
 * the server-wide settings and groups → rights table (admins only, never published), the sign-in
 * through the provider (authorization code + PKCE, state and nonce), and the re-check of the
 * sessions it opened. What the rest of the server may use of it; the rest of this folder, its SQL
 * included, is private (decision 030).
 */
export { SsoService, type SsoOptions } from './sso-service.js';
export { adminSsoRoutes } from './admin-routes.js';
export { ssoSignInRoutes, SSO_LOGIN_COOKIE } from './sign-in-routes.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { SsoRepository } from './sso-repository.js';
