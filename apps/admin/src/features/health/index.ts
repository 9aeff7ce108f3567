/**
 * The health feature's public surface (issue 48, part 2): what other features use of it — the
 * mute control on a totem's page. The « Santé des totems » screen is lazy: app/routes.tsx imports
 * it directly.
 */
export { KioskMuteControl } from './kiosk-mute';
