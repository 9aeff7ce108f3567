/**
 * Whether a development's plant is open at an instant (issue 48, part 2): outside its opening
 * hours the health rules raise nothing about totems that are expected to be off. Reads the
 * published settings (what the totems hold): the contract's one rule, isOpenAt.
 */
import { isOpenAt, type DevelopmentSettings } from '@plant-kiosk/contract';

export function plantOpenAt(settings: DevelopmentSettings, at: Date): boolean {
  return isOpenAt(settings.openingHours, settings.timeZone, at);
}
