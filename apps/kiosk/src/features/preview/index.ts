// The preview feature's public surface (issue 46): the composition root (app/) uses it.
export {
  dropPreviewDb,
  fetchPreviewSnapshot,
  PreviewLoadError,
  previewDbName,
  sweepPreviewDbs,
  writePreviewContent,
} from './preview-content';
export { PreviewLoading, PreviewMarker, PreviewProblem } from './preview-screens';
