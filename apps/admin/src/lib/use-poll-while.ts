/**
 * Asks a screen's data again every `intervalMs` while `active` (something waits for a time or a
 * decision taken elsewhere) and the tab is in view: a hidden back-office tab costs the server nothing.
 */
import { useEffect } from 'react';

export function usePollWhile(active: boolean, reload: () => void, intervalMs: number): void {
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, reload, intervalMs]);
}
