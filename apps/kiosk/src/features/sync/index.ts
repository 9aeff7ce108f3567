// The sync feature's public surface: what other features may import (decision 025).
export { SyncStatusBanner } from './sync-status-banner';
export { useSyncStore } from './sync-store';
