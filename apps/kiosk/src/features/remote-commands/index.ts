// The remote-commands feature's public surface: what the app may import (decision 025).
export { applyKioskMode } from './apply-mode';
export {
  createCommandRunner,
  failed,
  type CommandActions,
  type CommandRunner,
} from './command-runner';
export { IdentifyOverlay } from './identify-overlay';
export { hideIdentification, showIdentification } from './identify-store';
