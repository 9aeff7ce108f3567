export { contentEvents, type ContentEvent } from './content-events';
export { type LoadingMode, DEFAULT_BATCH_QUANTITY } from './content-refresh';
export { isNew, NEW_ITEM_WINDOW_MINUTES } from './is-new';
export { chooseLanguage, type LanguageChoice } from './content-language';
export { useZone, type UseZoneOptions, type UseZoneResult } from './use-zone';
export { useSubelements, type UseSubelementsResult } from './use-subelements';
export { useSubgroups, buildPopulatedSubgroups, type UseSubgroupsResult } from './use-subgroups';
export { nextWindowChange, useWindowNow, type WindowedItem } from './content-clock';
