/**
 * Runs a network refresh whenever the kiosk is (or comes back) online, again when `reload()` is
 * called (a stream message for that content), and cancels it when its inputs change or the screen
 * unmounts. A failure is only a warning: the screen keeps showing the local content.
 *
 * Never where the kiosk's context says the local copy is all there is (`localOnly`: a preview,
 * issue 46, whose copy is the preview snapshot — a refresh would overwrite the draft shown with
 * the published content).
 */
import { useCallback, useContext, useEffect, useState } from 'react';
import { useConnectionStore } from '../network';
import { KioskContext } from '../../lib/kiosk-context/kiosk-context';

export type RefreshTask = (signal: AbortSignal) => Promise<void>;

export function useOnlineRefresh(
  task: RefreshTask | null,
  label: string,
): { refreshing: boolean; reload: () => void } {
  const online = useConnectionStore((state) => state.online);
  const [refreshing, setRefreshing] = useState(false);
  const [reloadToken, setReloadToken] = useState(0);
  const localOnly = useContext(KioskContext)?.localOnly === true;

  useEffect(() => {
    if (!online || task === null || localOnly) return;
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
  }, [online, task, label, reloadToken, localOnly]);

  const reload = useCallback(() => setReloadToken((token) => token + 1), []);
  return { refreshing, reload };
}
