import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KioskContext, type KioskContextValue } from '../../lib/kiosk-context/kiosk-context';
import { createApiClient } from '../../lib/api/api-client';
import {
  demoPlant,
  FakeContentServer,
  zoneWithElements,
} from '../../lib/api/testing/fake-content-server';
import type { RuntimeConfig } from '../../lib/config/runtime-config';
import {
  closeKioskDb,
  openKioskDb,
  toStoredSubelement,
  type KioskDb,
} from '../../lib/local-db/kiosk-db';
import { useConnectionStore } from '../network';
import { contentEvents } from './content-events';
import { useSubelements } from './use-subelements';
import { useSubgroups } from './use-subgroups';
import { useZone } from './use-zone';
import { useZoneImages } from './use-zone-images';

let counter = 0;
let server: FakeContentServer;
let db: KioskDb;
let wrapper: (props: { children: ReactNode }) => ReactNode;
let warn: ReturnType<typeof vi.spyOn>;

function setup(fetchImpl?: typeof fetch) {
  const devname = `content-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  zoneWithElements(server.plant, 50, 'Longue', 12);
  db = openKioskDb(devname);
  const config: RuntimeConfig = {
    ...server.config,
    contentBase: server.origin,
    authBase: server.origin,
    streamBase: server.origin,
    pingIntervalMs: 15_000,
  };
  const value: KioskContextValue = {
    config,
    session: { token: server.plant.token, devid: server.plant.devid },
    api: createApiClient(config, () => server.plant.token, {
      fetch: fetchImpl ?? ((input, init) => server.fetch(input, init)),
    }),
    syncNow: () => Promise.resolve(),
    logout: () => undefined,
  };
  wrapper = ({ children }) => (
    <KioskContext.Provider value={value}>{children}</KioskContext.Provider>
  );
}

const elementRequests = () => server.paths(/^\/display\/elements\//);

beforeEach(() => {
  useConnectionStore.setState({ online: false });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(db.name);
});

describe('useZone', () => {
  it('renders the local content at once, offline, without any request', async () => {
    setup();
    await db.zones.put(server.plant.zones[0]!);
    await db.elements.bulkPut([server.plant.elements[1]!, server.plant.elements[0]!]);

    const { result } = renderHook(() => useZone('Plan du site'), { wrapper });
    expect(result.current.loading).toBe(true);

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.zone?.zoneid).toBe(1);
    expect(result.current.elements.map((e) => e.order)).toEqual([1, 2]);
    expect(result.current.refreshing).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('an unknown zone offline is an empty, finished result', async () => {
    setup();
    const { result } = renderHook(() => useZone('Inconnue'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ zone: null, elements: [] });
  });

  it('hard mode online: fetches the zone then all its elements, and drops what the server no longer has', async () => {
    setup();
    await db.zones.put(server.plant.zones[0]!);
    await db.elements.put({ ...server.plant.elements[0]!, elementid: 99, order: 3 });
    useConnectionStore.setState({ online: true });

    const { result } = renderHook(() => useZone('Plan du site'), { wrapper });

    await waitFor(() => expect(result.current.elements.map((e) => e.elementid)).toEqual([10, 11]));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(server.paths(/^\/display\//)).toEqual([
      `/display/zone/${server.plant.devid}/Plan%20du%20site`,
      '/display/elements/1',
    ]);
    expect(await db.elements.get(99)).toBeUndefined();
  });

  it('fills an empty local database from the network', async () => {
    setup();
    useConnectionStore.setState({ online: true });
    const { result } = renderHook(() => useZone('Menu'), { wrapper });
    await waitFor(() => expect(result.current.elements).toHaveLength(1));
    expect(result.current.zone?.zonename).toBe('Menu');
    expect(await db.elements.get(30)).toBeDefined();
  });

  it('even mode: batches of the quantity from order 1 until an empty batch (default 5)', async () => {
    setup();
    useConnectionStore.setState({ online: true });
    const { result } = renderHook(() => useZone('Longue', { mode: 'even' }), { wrapper });
    await waitFor(() => expect(result.current.elements).toHaveLength(12));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(elementRequests()).toEqual([
      '/display/elements/50?order=1&quantity=5',
      '/display/elements/50?order=6&quantity=5',
      '/display/elements/50?order=11&quantity=5',
      '/display/elements/50?order=16&quantity=5',
    ]);
  });

  it('even mode with a quantity', async () => {
    setup();
    useConnectionStore.setState({ online: true });
    const { result } = renderHook(() => useZone('Longue', { mode: 'even', quantity: 4 }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    await waitFor(() => expect(elementRequests()).toHaveLength(4));
    expect(elementRequests()).toEqual([
      '/display/elements/50?order=1&quantity=4',
      '/display/elements/50?order=5&quantity=4',
      '/display/elements/50?order=9&quantity=4',
      '/display/elements/50?order=13&quantity=4',
    ]);
    expect(result.current.elements).toHaveLength(12);
  });

  it('uneven mode: batch sizes from the list, the last one repeated', async () => {
    setup();
    useConnectionStore.setState({ online: true });
    const { result } = renderHook(() => useZone('Longue', { mode: 'uneven', batches: [2, 3] }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.elements).toHaveLength(12));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(elementRequests()).toEqual([
      '/display/elements/50?order=1&quantity=2',
      '/display/elements/50?order=3&quantity=3',
      '/display/elements/50?order=6&quantity=3',
      '/display/elements/50?order=9&quantity=3',
      '/display/elements/50?order=12&quantity=3',
      '/display/elements/50?order=15&quantity=3',
    ]);
  });

  it('shows batches as they arrive and removes stale items only after the last batch', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup(async (input, init) => {
      if (String(input).includes('order=6')) await gate;
      return server.fetch(input, init);
    });
    await db.zones.put(server.plant.zones.find((z) => z.zoneid === 50)!);
    await db.elements.put({ ...server.plant.elements.at(-1)!, elementid: 9999, order: 99 });
    useConnectionStore.setState({ online: true });

    const { result } = renderHook(() => useZone('Longue', { mode: 'even' }), { wrapper });

    await waitFor(() => expect(result.current.elements).toHaveLength(6));
    expect(result.current.elements.at(-1)?.elementid).toBe(9999);
    release();
    await waitFor(() => expect(result.current.elements).toHaveLength(12));
    expect(result.current.elements.some((e) => e.elementid === 9999)).toBe(false);
  });

  it('falls back silently to the local content when the network fails', async () => {
    setup();
    await db.zones.put(server.plant.zones[0]!);
    await db.elements.bulkPut(server.plant.elements.slice(0, 2));
    server.fail('/display/elements/1', { kind: 'status', status: 500 });
    useConnectionStore.setState({ online: true });

    const { result } = renderHook(() => useZone('Plan du site'), { wrapper });

    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.elements.map((e) => e.elementid)).toEqual([10, 11]);
    expect(result.current.loading).toBe(false);
  });

  it('reloads on a zone or element stream event for it, not for others', async () => {
    setup();
    useConnectionStore.setState({ online: true });
    const { result } = renderHook(() => useZone('Plan du site'), { wrapper });
    await waitFor(() => expect(result.current.elements).toHaveLength(2));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(elementRequests()).toHaveLength(1);

    server.plant.elements[0]!.value = 'media/images/plan-1-v2.svg';
    act(() => contentEvents.emit({ type: 'zone', zoneid: 1 }));
    await waitFor(() =>
      expect(result.current.elements[0]?.value).toBe('media/images/plan-1-v2.svg'),
    );

    act(() => contentEvents.emit({ type: 'element', elementid: 11 }));
    await waitFor(() => expect(elementRequests()).toHaveLength(3));

    act(() => contentEvents.emit({ type: 'zone', zoneid: 2 }));
    act(() => contentEvents.emit({ type: 'element', elementid: 30 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(elementRequests()).toHaveLength(3);
  });

  it('refreshes when the kiosk comes back online', async () => {
    setup();
    const { result } = renderHook(() => useZone('Menu'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(server.requests).toHaveLength(0);
    act(() => useConnectionStore.setState({ online: true }));
    await waitFor(() => expect(result.current.elements).toHaveLength(1));
  });
});

describe('useSubgroups and useSubelements', () => {
  async function seedLocal() {
    await db.subgroups.bulkPut([
      ...server.plant.subgroups,
      {
        subgroupid: 102,
        elementid: 20,
        modelid: 3,
        label: 'Catalogue',
        order: 3,
        addingdate: '2026-01-10T08:00:00.000Z',
        expirationdate: null,
      },
      {
        subgroupid: 103,
        elementid: 20,
        modelid: 2,
        label: 'Produit',
        order: 0,
        addingdate: '2020-01-10T08:00:00.000Z',
        expirationdate: '2021-01-01T00:00:00.000Z',
      },
    ]);
    await db.subelements.bulkPut(
      [
        ...server.plant.subelements,
        {
          subelementid: 1005,
          elementid: 20,
          order: 2,
          value: 'media/images/pompe-a2.svg',
          type: 'image' as const,
          subgroupinfo: { subgroupid: 100, fieldlabel: 'image' },
        },
        {
          subelementid: 1006,
          elementid: 20,
          order: 0,
          value: 'media/images/pompe-a0.svg',
          type: 'image' as const,
          subgroupinfo: { subgroupid: 100, fieldlabel: 'image' },
        },
      ].map(toStoredSubelement),
    );
  }

  it('builds populated sub-groups from local sub-elements, by field label and order', async () => {
    setup();
    await seedLocal();
    const { result } = renderHook(() => useSubgroups(20, 'Produit'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));

    // 103 has expired; 102 is another model.
    expect(result.current.subgroups.map((g) => g.subgroupid)).toEqual([100, 101]);
    const first = result.current.subgroups[0]!;
    expect(Object.keys(first.fields).sort()).toEqual(['image', 'titre']);
    expect(first.fields.image!.map((s) => s.subelementid)).toEqual([1006, 1001, 1005]);
    expect(first.fields.titre![0]).toEqual(server.plant.subelements[0]);
    expect(server.requests).toHaveLength(0);

    const all = renderHook(() => useSubgroups(20), { wrapper });
    await waitFor(() =>
      expect(all.result.current.subgroups.map((g) => g.subgroupid)).toEqual([100, 101, 102]),
    );
  });

  it('refreshes sub-groups from the network when online, removing those the server dropped', async () => {
    setup();
    await seedLocal();
    server.plant.subgroups = server.plant.subgroups.filter((g) => g.subgroupid !== 101);
    server.plant.subelements = server.plant.subelements.filter(
      (s) => s.subgroupinfo?.subgroupid !== 101,
    );
    useConnectionStore.setState({ online: true });

    const { result } = renderHook(() => useSubgroups(20, 'Produit'), { wrapper });

    await waitFor(() => expect(result.current.subgroups.map((g) => g.subgroupid)).toEqual([100]));
    expect(server.paths()).toEqual(['/display/subgroups/20/populated/Produit']);
    // The server's answer is the truth for this sub-group's values too.
    await waitFor(() =>
      expect(result.current.subgroups[0]!.fields.image!.map((s) => s.subelementid)).toEqual([1001]),
    );
    // Another model's sub-group is untouched.
    expect(await db.subgroups.get(102)).toBeDefined();
  });

  it('useSubelements: local first, then refreshed when online', async () => {
    setup();
    await db.subelements.put(
      toStoredSubelement({ ...server.plant.subelements[4]!, value: 'ancien' }),
    );
    const offline = renderHook(() => useSubelements(20), { wrapper });
    await waitFor(() =>
      expect(offline.result.current.subelements.map((s) => s.value)).toEqual(['ancien']),
    );
    offline.unmount();

    useConnectionStore.setState({ online: true });
    const { result } = renderHook(() => useSubelements(20), { wrapper });
    await waitFor(() => expect(result.current.subelements).toHaveLength(5));
    expect(result.current.subelements.map((s) => s.subelementid)).toEqual([
      1000, 1001, 1002, 1003, 1004,
    ]);
    expect(result.current.subelements[4]!.value).toBe('Catalogue parfum');
    expect(result.current.subelements[0]).not.toHaveProperty('fieldlabel');
  });
});

describe('useZoneImages', () => {
  it('drops an image’s "Nouveau" badge when its 1440 minutes are over, without a sync or a tap', async () => {
    // Only timers and Date are faked (IndexedDB's own scheduling keeps running), and the fake
    // clock also follows real time so the local database can answer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      const t0 = Date.parse('2026-11-25T10:00:00Z');
      vi.setSystemTime(t0);
      setup();
      const HOUR = 3_600_000;
      await db.zones.put(server.plant.zones[0]!);
      await db.elements.bulkPut([
        // New for one more hour.
        { ...server.plant.elements[0]!, addingdate: new Date(t0 - 23 * HOUR).toISOString() },
        // New for three more hours.
        { ...server.plant.elements[1]!, addingdate: new Date(t0 - 21 * HOUR).toISOString() },
      ]);
      const { result } = renderHook(() => useZoneImages('Plan du site'), { wrapper });
      await waitFor(() => expect(result.current.loading).toBe(false));
      const badges = () => result.current.items.map((item) => item.isNew);
      expect(badges()).toEqual([true, true]);

      act(() => {
        vi.advanceTimersByTime(HOUR + 1000);
      });
      expect(badges()).toEqual([false, true]);
      act(() => {
        vi.advanceTimersByTime(2 * HOUR);
      });
      expect(badges()).toEqual([false, false]);
      expect(server.requests).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
