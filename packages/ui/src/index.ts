// @plant-kiosk/ui: what the kiosk and the back-office both draw (issue 43), so that it is drawn
// once. Source TypeScript and CSS, consumed as they are by Vite, Vitest and tsc (no build step).
export { AlertPictogramIcon } from './alert-pictogram';
export {
  AlertTakeover,
  DEFAULT_END,
  DRILL_END,
  END_DISMISS,
  type AlertTakeoverContent,
  type AlertTakeoverProps,
  type AlertTakeoverScreen,
} from './alert-takeover';
export { AlertTakeoverFrame } from './alert-takeover-frame';
