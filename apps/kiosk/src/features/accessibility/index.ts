// The accessibility feature's public surface: what other features may import (decision 025).
export { AccessibilityControls } from './accessibility-controls';
export { LARGE_TEXT_SCALE, useAccessibilityModes } from './accessibility-modes';
export { ReachModeNotice } from './reach-mode-notice';
