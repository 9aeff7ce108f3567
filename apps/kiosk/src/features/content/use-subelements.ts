/**
 * `useSubelements(elementid)`: an element's sub-elements, sorted by order, local-first and refreshed
 * from the network when online (and on an `element` stream message for it).
 */
import type { Subelement } from '@plant-kiosk/contract';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { fromStoredSubelement } from '../../lib/local-db/kiosk-db';
import { contentEvents } from './content-events';
import { refreshSubelements } from './content-refresh';
import { useContentSource } from './content-source';
import { useOnlineRefresh } from './use-online-refresh';

export interface UseSubelementsResult {
  subelements: Subelement[];
  loading: boolean;
  refreshing: boolean;
}

const EMPTY: Subelement[] = [];

export function useSubelements(elementid: number | null | undefined): UseSubelementsResult {
  const { db, api } = useContentSource();
  const local = useLiveQuery(async () => {
    if (elementid == null) return EMPTY;
    const stored = await db.subelements.where('elementid').equals(elementid).toArray();
    return stored
      .sort((a, b) => a.order - b.order || a.subelementid - b.subelementid)
      .map(fromStoredSubelement);
  }, [db, elementid]);

  const task = useCallback(
    (signal: AbortSignal) =>
      elementid == null ? Promise.resolve() : refreshSubelements(db, api, elementid, signal),
    [db, api, elementid],
  );
  const { refreshing, reload } = useOnlineRefresh(
    elementid == null ? null : task,
    `sub-elements of ${elementid}`,
  );

  useEffect(
    () =>
      contentEvents.on((event) => {
        if (event.type === 'element' && event.elementid === elementid) reload();
      }),
    [elementid, reload],
  );

  return {
    subelements: local ?? EMPTY,
    loading: local === undefined || (local.length === 0 && refreshing),
    refreshing,
  };
}
