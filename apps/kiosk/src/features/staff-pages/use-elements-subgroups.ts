/**
 * The populated sub-groups of several elements of one zone at once (magazine issues, product
 * categories, BE LEAN + documents): one local query for all of them instead of one per element,
 * so a screen that needs them all together (the newest magazine issue, the product grid) renders
 * in one pass. Like `useSubgroups`, it is local-first, refreshes each element from the network
 * when online (a failure only logs; the local copy stays), and again on a stream message. Expired
 * sub-groups leave at the moment they expire (content-clock.ts).
 */
import type { Element, PopulatedSubgroup } from '@plant-kiosk/contract';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo } from 'react';
import {
  buildPopulatedSubgroups,
  contentEvents,
  refreshSubgroups,
  useContentSource,
  useOnlineRefresh,
  useWindowNow,
} from '../content';

export interface ElementsSubgroups {
  /** Sub-groups per element id, sorted by order; elements without any have an empty list. */
  byElement: ReadonlyMap<number, PopulatedSubgroup[]>;
  /** True until the local database has answered. */
  loading: boolean;
}

const NONE: PopulatedSubgroup[] = [];
const NO_ELEMENTS: ReadonlyMap<number, PopulatedSubgroup[]> = new Map();

export function useElementsSubgroups(
  elements: readonly Element[],
  modelLabel?: string,
): ElementsSubgroups {
  const { db, api } = useContentSource();
  const idsKey = elements.map((element) => element.elementid).join(',');
  const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split(',').map(Number)), [idsKey]);

  const stored = useLiveQuery(async () => {
    if (ids.length === 0) return { groups: [], values: [] };
    const [groups, values] = await Promise.all([
      db.subgroups.where('elementid').anyOf(ids).toArray(),
      db.subelements.where('elementid').anyOf(ids).toArray(),
    ]);
    const wanted =
      modelLabel === undefined ? groups : groups.filter((group) => group.label === modelLabel);
    return { groups: wanted, values };
  }, [db, ids, modelLabel]);
  // Recomputed when a window closes (an expiration, a "new" badge's end), not only on a write.
  const now = useWindowNow(stored?.groups);
  const local = useMemo(() => {
    if (stored === undefined) return undefined;
    const map = new Map<number, PopulatedSubgroup[]>(ids.map((id) => [id, NONE]));
    for (const group of buildPopulatedSubgroups(stored.groups, stored.values, new Date(now))) {
      map.set(group.elementid, [...(map.get(group.elementid) ?? NONE), group]);
    }
    return map;
  }, [stored, ids, now]);

  const task = useCallback(
    async (signal: AbortSignal) => {
      // One element after the other: a totem's network is shared, and the first is shown first.
      for (const id of ids) await refreshSubgroups(db, api, id, modelLabel, signal);
    },
    [db, api, ids, modelLabel],
  );
  const { reload } = useOnlineRefresh(ids.length === 0 ? null : task, `sub-groups of ${idsKey}`);

  useEffect(
    () =>
      contentEvents.on((event) => {
        if (event.type === 'element' && ids.includes(event.elementid)) reload();
      }),
    [ids, reload],
  );

  return { byElement: local ?? NO_ELEMENTS, loading: local === undefined };
}
