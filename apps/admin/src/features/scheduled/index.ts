// The scheduled feature's public surface (decision 025): the plant-time inputs and readings the
// publish dialog uses, and the list's path and counting for the status bar. Its screen,
// « Modifications programmées », is a lazy chunk that app/routes.tsx loads itself.
export { PlantTimeFields } from './plant-time-fields';
export {
  defaultPlantTime,
  readPlantTime,
  usePlantTimeZone,
  type PlantTimeInput,
  type PlantTimeReading,
} from './plant-time';
export { durationText, isOpen, scheduledPath } from './scheduled-text';
