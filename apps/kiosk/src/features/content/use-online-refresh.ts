/**
 * Runs a network refresh whenever the kiosk is (or comes back) online, again when `reload()` is
 * called (a stream message for that content), and cancels it when its inputs change or the screen
 * unmounts. A failure is only a warning: the screen keeps showing the local content.
 *
 * Never in a preview (issue 46): its local copy is the preview snapshot, and a refresh would
 * overwrite the draft shown with the published content.
 */
import { useCallback, useEffect, useState } from 'react';
import { useConnectionStore } from '../network';
import { isPreview } from '../../lib/preview/preview-request';

export type RefreshTask = (signal: AbortSignal) => Promise<void>;

export function useOnlineRefresh(
  task: RefreshTask | null,
  label: string,
): { refreshing: boolean; reload: () => void } {
  const online = useConnectionStore((state) => state.online);
  const [refreshing, setRefreshing] = useState(false);
  const [reloadToken, setReloadToken] = useState(0);

  useEffect(() => {
    if (!online || task === null || isPreview()) return;
    const controller = new AbortController();
    setRefreshing(true);
    task(controller.signal)
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          console.warn(`[content] refresh of ${label} failed; showing local content`, error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false);
      });
    return () => {
      controller.abort();
      setRefreshing(false);
    };
  }, [online, task, label, reloadToken]);

  const reload = useCallback(() => setReloadToken((token) => token + 1), []);
  return { refreshing, reload };
}
