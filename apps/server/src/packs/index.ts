/**
 * The content packs domain (issue 44, docs/content-packs.md): a development's published content
 * with its media in one archive, exported (and, next, imported). What the rest of the server may
 * use of it; the rest of this folder is private (decision 030).
 */
export { exportPack, type ExportRequest, type ExportResult } from './pack-export.js';
export { PackError } from './pack-error.js';
