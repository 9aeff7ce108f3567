/**
 * The content packs domain (issue 44, docs/content-packs.md): a development's published content
 * with its media in one archive — exported, read back with every hostile-pack check, imported into
 * a development's draft. What the rest of the server may use of it; the rest of this folder is
 * private (decision 030).
 */
export { packRoutes as adminPackRoutes } from './admin-routes.js';
export { exportPack, type ExportRequest, type ExportResult } from './pack-export.js';
export {
  importPack,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
} from './pack-import.js';
export { readPack, type PackLimits, type ReadPack } from './pack-reader.js';
export { PackError } from './pack-error.js';
// The first start's content (server.ts): the demo pack imported and published as revision 1.
export { importFirstStartContent, type FirstStartResult } from './first-start-content.js';
