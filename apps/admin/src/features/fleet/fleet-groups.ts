import type { KioskStatus } from '@plant-kiosk/contract';

/** Every group of the fleet, once, in French alphabetical order. */
export function groupsOf(rows: readonly KioskStatus[]): string[] {
  const groups = new Set(rows.flatMap((kiosk) => kiosk.groups ?? []));
  return [...groups].sort((a, b) => a.localeCompare(b, 'fr'));
}
