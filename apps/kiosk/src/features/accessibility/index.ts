// The accessibility feature's public surface: what other features may import (decision 025).
export { AccessibilityControls } from './accessibility-controls';
