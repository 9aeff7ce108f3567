// The idle feature's public surface: what other features may import (decision 025).
export { IdleReader } from './idle-reader';
export { useIdleCounter, useInactivityCountdown } from './idle-timers';
export { InactivityWarning } from './inactivity-warning';
