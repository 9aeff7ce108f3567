export { contentEvents, type ContentEvent } from './content-events';
export {
  type LoadingMode,
  DEFAULT_BATCH_QUANTITY,
  refreshSubelements,
  refreshSubgroups,
  refreshZone,
} from './content-refresh';
export { useContentSource } from './content-source';
export { useOnlineRefresh } from './use-online-refresh';
export { toGalleryItems, useZoneImages } from './use-zone-images';
export { isNew, NEW_ITEM_WINDOW_MINUTES } from './is-new';
export { chooseLanguage, type LanguageChoice } from './content-language';
export { useZone, type UseZoneOptions, type UseZoneResult } from './use-zone';
export { useSubelements, type UseSubelementsResult } from './use-subelements';
export { useSubgroups, buildPopulatedSubgroups, type UseSubgroupsResult } from './use-subgroups';
export { nextWindowChange, useWindowNow, type WindowedItem } from './content-clock';
export { pageImages, toViewerPages, type PageImage } from './page-images';
