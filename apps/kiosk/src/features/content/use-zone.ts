/**
 * `useZone(zonename)`: the zone and its elements, local-first, in one language (French unless a
 * visitor page asks for English: content-language.ts). The local database answers at once
 * (offline or not); when online, the zone is refreshed from the network per its loading mode and
 * the refreshed items flow back through the same live query. A `zone` or `element` stream message
 * for it triggers another refresh.
 */
import type { ContentLanguage, Element, Zone } from '@plant-kiosk/contract';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef } from 'react';
import { contentEvents } from './content-events';
import { chooseLanguage } from './content-language';
import { refreshZone, type LoadingMode } from './content-refresh';
import { useContentSource } from './content-source';
import { useOnlineRefresh } from './use-online-refresh';

export interface UseZoneOptions {
  mode?: LoadingMode;
  /** Batch size of the `even` mode (default 5). */
  quantity?: number;
  /** Batch sizes of the `uneven` mode, the last one repeated. */
  batches?: number[];
  /**
   * The language asked for (default French, which staff pages always show): English gives the
   * zone's English version when it has one, otherwise its French one (`fallback`).
   */
  language?: ContentLanguage;
}

export interface UseZoneResult {
  zone: Zone | null;
  /** Sorted by order; only those of the version shown (`language`). */
  elements: Element[];
  /** The language of `elements`. */
  language: ContentLanguage;
  /** English was asked for and the zone has no English version: `elements` are French. */
  fallback: boolean;
  /** True until the local database has answered, and while a first refresh fills an empty zone. */
  loading: boolean;
  /** True while a network refresh runs. */
  refreshing: boolean;
}

const EMPTY: Element[] = [];

export function useZone(zonename: string, options: UseZoneOptions = {}): UseZoneResult {
  const { db, api, devid } = useContentSource();
  const mode = options.mode ?? 'hard';
  const quantity = options.quantity;
  const batchesKey = (options.batches ?? []).join(',');
  const wanted = options.language ?? 'fr';

  const local = useLiveQuery(async () => {
    const zone = (await db.zones.where('zonename').equals(zonename).first()) ?? null;
    const all = zone
      ? await db.elements.where('zoneid').equals(zone.zoneid).sortBy('order')
      : EMPTY;
    return { zone, ...chooseLanguage(all, wanted) };
  }, [db, zonename, wanted]);

  const task = useCallback(
    (signal: AbortSignal) =>
      refreshZone(db, api, devid, zonename, {
        mode,
        quantity,
        batches: batchesKey === '' ? [] : batchesKey.split(',').map(Number),
        signal,
      }),
    [db, api, devid, zonename, mode, quantity, batchesKey],
  );
  const { refreshing, reload } = useOnlineRefresh(task, `zone "${zonename}"`);

  // Read through a ref: the subscription lives as long as the screen, the content changes under it.
  const current = useRef(local);
  useEffect(() => {
    current.current = local;
  });
  useEffect(
    () =>
      contentEvents.on((event) => {
        const zone = current.current?.zone;
        if (!zone) return;
        if (event.type === 'zone' && event.zoneid === zone.zoneid) reload();
        if (
          event.type === 'element' &&
          (event.zoneid === zone.zoneid ||
            current.current?.elements.some((element) => element.elementid === event.elementid))
        )
          reload();
      }),
    [reload],
  );

  return {
    zone: local?.zone ?? null,
    elements: local?.elements ?? EMPTY,
    language: local?.language ?? 'fr',
    fallback: local?.fallback ?? false,
    loading: local === undefined || (local.zone === null && refreshing),
    refreshing,
  };
}
