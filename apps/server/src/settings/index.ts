/**
 * The settings domain (published settings, decision 017; frame addresses, issue 40): a
 * development's settings in the back-office, their SQL (draft and published), the origins the
 * kiosk's page may frame, and the probe that asks a published frame address whether it lets the
 * kiosk frame it. What the rest of the server may use of it; the rest of this folder, its SQL
 * included, is private (decision 030).
 */
export { settingsRoutes } from './admin-routes.js';
// The app keeps the frame policy in force and asks the probe for the kiosk's frame check
// (display/display-routes.ts); the publisher refreshes the policy after a publish.
export { PublishedFrameSources } from './frame-sources.js';
export { FrameProbe, isAskableAddress } from './frame-probe.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts) and the live
// content and delta reads that carry the published settings.
export { SettingsRepository } from './settings-repository.js';
