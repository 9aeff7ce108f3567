/** This totem's own settings (issue 47): read, held offline, and the plan's « Vous êtes ici ». */
export {
  createOwnSettings,
  readHeldSettings,
  useOwnSettingsStore,
  usePlanMarks,
  useScreenHeights,
  type OwnSettings,
  type OwnSettingsOptions,
} from './own-settings-store';
export { HERE_LABELS, HereMarker } from './here-marker';
export { usePlanMarkOverlay, type PlanMarkOverlay } from './use-plan-mark-overlay';
