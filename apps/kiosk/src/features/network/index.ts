// The network feature's public surface: what other features may import (decision 025).
export { useConnectionStore } from './network-monitor';
