/**
 * The content's windows, honoured by the totem itself, live and offline (content-first sync,
 * decision 019): a sub-group leaves the screen at the moment its `expirationdate` passes, and an
 * item's "Nouveau" badge goes at the moment its 1440 minutes are over — without a tap, a reload or
 * a sync (a totem offline for three days hides yesterday's expired catalogue as it expires).
 *
 * `useWindowNow(items)` answers the time the screen should be computed at, and schedules one
 * timer for the next boundary among the items (the earliest expiration or badge end still ahead);
 * when it fires, the time moves and the caller's memo recomputes. The timer is re-armed after each
 * tick (a timer may fire a hair early), and a boundary beyond the platform's longest timer
 * (24.8 days) is approached in steps.
 *
 * The rule is the server's (decision 016): a sub-group is shown from its publication until its
 * expiration, whatever its `addingdate` — that date says when it was added (the badge), not when
 * to show it: a totem whose clock runs behind the server's must not hide what was just published.
 */
import { useEffect, useMemo, useState } from 'react';
import { NEW_ITEM_WINDOW_MINUTES } from './is-new';
import { kioskNow } from '../../lib/clock/kiosk-clock';

export interface WindowedItem {
  addingdate?: string | null;
  expirationdate?: string | null;
}

/** The longest delay setTimeout honours (2^31 - 1 ms); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** The next moment after `now` at which one of the items expires or stops being new; null: none. */
export function nextWindowChange(items: readonly WindowedItem[], now: number): number | null {
  let next: number | null = null;
  const consider = (moment: number) => {
    if (Number.isFinite(moment) && moment > now && (next === null || moment < next)) next = moment;
  };
  for (const item of items) {
    if (item.expirationdate) consider(Date.parse(item.expirationdate));
    if (item.addingdate) consider(Date.parse(item.addingdate) + NEW_ITEM_WINDOW_MINUTES * 60_000);
  }
  return next;
}

/** The time (epoch ms) to compute these items' screen at; moves at each of their boundaries. */
export function useWindowNow(items: readonly WindowedItem[] | undefined): number {
  const [now, setNow] = useState(() => kioskNow());
  const next = useMemo(() => (items ? nextWindowChange(items, now) : null), [items, now]);
  useEffect(() => {
    if (next === null) return undefined;
    // One millisecond past the boundary: expiration is "not after now" (`> now` keeps it).
    const delay = Math.min(Math.max(0, next - kioskNow() + 1), MAX_TIMER_MS);
    const timer = setTimeout(() => setNow(kioskNow()), delay);
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}
