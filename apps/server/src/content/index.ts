/**
 * The content domain: a development's zones, elements, sub-elements and sub-groups, as the
 * back-office edits them (the draft, with version checks) and as the totems read them (the live
 * content a publish wrote). Its back-office routes, the content editor and the kinds it edits, the
 * checks on typed values, and the SQL of both sides. What the rest of the server may use of it;
 * the rest of this folder is private (decision 030).
 */
export { contentRoutes as adminContentRoutes } from './admin-routes.js';
export { ContentEditor } from './content-editor.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts): the draft (what
// the back-office edits, and the seed and the tests write) and the live content (what a publish
// wrote and the totems read); the wire mapping both use, for the delta's reads of the live rows.
export { DraftContentRepository } from './draft-content-repository.js';
export { LiveContentRepository } from './live-content-repository.js';
export { ContentModelRepository } from './content-model-repository.js';
export {
  toElement,
  toSubelement,
  toSubgroup,
  toZone,
  type Batch,
  type Owned,
} from './content-rows.js';
