/** docs/product.md#content-model/#constants: an item counts as new if added within the last 1440 minutes. */
export const NEW_ITEM_WINDOW_MINUTES = 1440;

/**
 * Whether an item added at `addingdate` (ISO) is new at `now`. A date slightly in the future (a
 * totem's clock behind the server's) still counts as new; an unreadable date never does.
 */
export function isNew(
  addingdate: string | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (!addingdate) return false;
  const added = Date.parse(addingdate);
  if (Number.isNaN(added)) return false;
  const current = typeof now === 'number' ? now : now.getTime();
  return current - added < NEW_ITEM_WINDOW_MINUTES * 60_000;
}
