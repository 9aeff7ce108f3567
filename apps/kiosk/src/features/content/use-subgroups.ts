/**
 * `useSubgroups(elementid, modelLabel?)`: an element's populated sub-groups (products, magazine
 * issues…) built from the local database — each with its field values grouped by field label and
 * sorted by order — refreshed from the network when online and on an `element` stream message.
 * Sub-groups past their expiration date are hidden even offline, when no sync can remove them,
 * and at the very moment they expire (content-clock.ts).
 */
import type { PopulatedSubgroup, Subelement, Subgroup } from '@plant-kiosk/contract';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo } from 'react';
import { fromStoredSubelement, type StoredSubelement } from '../../lib/local-db/kiosk-db';
import { useWindowNow } from './content-clock';
import { contentEvents } from './content-events';
import { refreshSubgroups } from './content-refresh';
import { useContentSource } from './content-source';
import { useOnlineRefresh } from './use-online-refresh';
import { kioskNow } from '../../lib/clock/kiosk-clock';

export interface UseSubgroupsResult {
  subgroups: PopulatedSubgroup[];
  loading: boolean;
  refreshing: boolean;
}

const EMPTY: PopulatedSubgroup[] = [];

const byOrder = <T extends { order: number }>(a: T, b: T, idA: number, idB: number) =>
  a.order - b.order || idA - idB;

/** Groups sub-elements into their sub-groups' fields; drops expired sub-groups. */
export function buildPopulatedSubgroups(
  subgroups: readonly Subgroup[],
  subelements: readonly StoredSubelement[],
  now: Date = new Date(kioskNow()),
): PopulatedSubgroup[] {
  const fieldsById = new Map<number, Record<string, Subelement[]>>();
  for (const stored of subelements) {
    if (stored.subgroupid === null || stored.fieldlabel === null) continue;
    const fields = fieldsById.get(stored.subgroupid) ?? {};
    (fields[stored.fieldlabel] ??= []).push(fromStoredSubelement(stored));
    fieldsById.set(stored.subgroupid, fields);
  }
  for (const fields of fieldsById.values())
    for (const list of Object.values(fields))
      list.sort((a, b) => byOrder(a, b, a.subelementid, b.subelementid));
  const time = now.getTime();
  return subgroups
    .filter((group) => group.expirationdate === null || Date.parse(group.expirationdate) > time)
    .sort((a, b) => byOrder(a, b, a.subgroupid, b.subgroupid))
    .map((group) => ({ ...group, fields: fieldsById.get(group.subgroupid) ?? {} }));
}

export function useSubgroups(
  elementid: number | null | undefined,
  modelLabel?: string,
): UseSubgroupsResult {
  const { db, api } = useContentSource();
  const stored = useLiveQuery(async () => {
    if (elementid == null) return { groups: [], values: [] };
    const [groups, values] = await Promise.all([
      db.subgroups.where('elementid').equals(elementid).toArray(),
      db.subelements.where('elementid').equals(elementid).toArray(),
    ]);
    const wanted =
      modelLabel === undefined ? groups : groups.filter((group) => group.label === modelLabel);
    return { groups: wanted, values };
  }, [db, elementid, modelLabel]);
  // Recomputed when a sub-group's window closes, not only when the database changes.
  const now = useWindowNow(stored?.groups);
  const local = useMemo(
    () =>
      stored === undefined
        ? undefined
        : stored.groups.length === 0
          ? EMPTY
          : buildPopulatedSubgroups(stored.groups, stored.values, new Date(now)),
    [stored, now],
  );

  const task = useCallback(
    (signal: AbortSignal) =>
      elementid == null
        ? Promise.resolve()
        : refreshSubgroups(db, api, elementid, modelLabel, signal),
    [db, api, elementid, modelLabel],
  );
  const { refreshing, reload } = useOnlineRefresh(
    elementid == null ? null : task,
    `sub-groups of ${elementid}`,
  );

  useEffect(
    () =>
      contentEvents.on((event) => {
        if (event.type === 'element' && event.elementid === elementid) reload();
      }),
    [elementid, reload],
  );

  return {
    subgroups: local ?? EMPTY,
    loading: local === undefined || (local.length === 0 && refreshing),
    refreshing,
  };
}
