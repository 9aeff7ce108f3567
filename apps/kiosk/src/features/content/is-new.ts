import { NEW_BADGE_MINUTES } from '@plant-kiosk/contract';
import { kioskNow } from '../../lib/clock/kiosk-clock';

/**
 * docs/product.md#content-model/#constants: an item counts as new if added within the last 1440
 * minutes — the contract's value, which the back-office's week ahead uses too.
 */
export const NEW_ITEM_WINDOW_MINUTES = NEW_BADGE_MINUTES;

/**
 * Whether an item added at `addingdate` (ISO) is new at `now`. A date slightly in the future (a
 * totem's clock behind the server's) still counts as new; an unreadable date never does.
 */
export function isNew(
  addingdate: string | null | undefined,
  now: Date | number = kioskNow(),
): boolean {
  if (!addingdate) return false;
  const added = Date.parse(addingdate);
  if (Number.isNaN(added)) return false;
  const current = typeof now === 'number' ? now : now.getTime();
  return current - added < NEW_ITEM_WINDOW_MINUTES * 60_000;
}
