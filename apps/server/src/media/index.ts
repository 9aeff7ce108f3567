/**
 * The media domain (media uploads, decision 006; media integrity, decision 029): the library the
 * back-office uploads to, the files' checks, their precompressed copies and their SQL. What the
 * rest of the server may use of it; the rest of this folder, its SQL included, is private
 * (decision 030). Serving the files stays with the other static files (routes/static.ts), which
 * asks this index for the encoded copies.
 */
export { adminMediaRoutes } from './admin-routes.js';
export type { MediaLimits } from './media-messages.js';
// A publish refuses an item that shows a missing or damaged file (the publish checks).
export { mediaValue } from './media-library.js';
// A content pack's media are checked as an upload is (packs/pack-reader.ts).
export { sniff, SNIFF_BYTES } from './media-sniffer.js';
export { MediaIntegrity, type MediaIntegrityOptions } from './media-integrity.js';
export { EncodedCopies, type Encoding } from './encoded-copies.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { MediaRepository } from './media-repository.js';
