import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KioskContext, type KioskContextValue } from '../../lib/kiosk-context/kiosk-context';
import { useConnectionStore } from '../network';
import { useOnlineRefresh } from './use-online-refresh';

const context = (localOnly?: boolean) =>
  ({
    config: {},
    session: { token: 't', devid: 1 },
    api: {},
    syncNow: () => Promise.resolve(),
    logout: () => undefined,
    localOnly,
  }) as unknown as KioskContextValue;

const within = (value: KioskContextValue) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <KioskContext.Provider value={value}>{children}</KioskContext.Provider>;
  };

afterEach(() => useConnectionStore.setState({ online: false }));

describe('useOnlineRefresh', () => {
  it('refreshes a totem’s content once online', async () => {
    useConnectionStore.setState({ online: true });
    const task = vi.fn(() => Promise.resolve());
    renderHook(() => useOnlineRefresh(task, 'zone'), { wrapper: within(context()) });
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('never refreshes where the local copy is all there is (a preview)', async () => {
    useConnectionStore.setState({ online: true });
    const task = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useOnlineRefresh(task, 'zone'), {
      wrapper: within(context(true)),
    });
    result.current.reload();
    // The hook settled (its effect ran with the reload) without calling the task.
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(task).not.toHaveBeenCalled();
  });
});
