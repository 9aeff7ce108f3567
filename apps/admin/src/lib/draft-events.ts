/**
 * "The draft changed": the screens that publish or discard say so, and the unpublished-changes
 * indicator in the header listens, so its count follows at once instead of at its next poll.
 */
import { useEffect } from 'react';

const EVENT = 'admin:draft-changed';

export function notifyDraftChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function useDraftChanged(callback: () => void): void {
  useEffect(() => {
    window.addEventListener(EVENT, callback);
    return () => window.removeEventListener(EVENT, callback);
  }, [callback]);
}
