// The totem-watchdog feature's public surface (decision 025): the page's side of the watchdog.
export {
  attachWatchdogServices,
  installWatchdogBridge,
  runThroughWatchdog,
  wakeWatchdog,
  watchdogReport,
  type WatchdogServices,
} from './watchdog-bridge';
