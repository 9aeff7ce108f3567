// The emergency-alert feature's public surface: what other features may import (decision 025).
export { useAlertStore } from './alert-store';
