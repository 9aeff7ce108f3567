// The sync feature's public surface: what other features may import (decision 025).
export { SyncStatusBanner } from './sync-status-banner';
export { useSyncStore } from './sync-store';
// The preview (issue 46) writes its snapshot as a sync does: the same checks, the same writer.
export { validateRecords } from './records-validate';
export { writeRecords } from './records-write';
