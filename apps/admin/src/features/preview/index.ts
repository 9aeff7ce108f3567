// The preview feature's public surface (issue 46): the addresses other screens link to. Its page,
// « Aperçu sur la borne », is a lazy chunk that app/routes.tsx loads itself.
export { kioskPageOfZone, previewPagePath, type PreviewInput } from './preview-address';
