/**
 * The display domain: what a totem reads. The content calls of docs/product.md#calls under /display (zones,
 * elements, sub-groups, fields, the ping), the snapshot fast path, and delta sync (decision 016:
 * what a totem at revision N must do to hold the latest, from the publishing's change log), with
 * the delta's SQL. The serialized answers are kept by the caches of lib/ (one mechanism,
 * versioned-cache.ts, with a policy per use). What the rest of the server may use of it; the rest
 * of this folder is private (decision 030).
 */
export { displayRoutes, pingRoute } from './display-routes.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { DeltaRepository, type DeltaOutcome } from './delta-repository.js';
