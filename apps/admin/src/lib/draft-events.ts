/**
 * "The draft changed": the screens that publish or discard say so, and the unpublished-changes
 * indicator in the header listens, so its count follows at once instead of at its next poll.
 */
import { useEffect } from 'react';

const EVENT = 'admin:draft-changed';

export function notifyDraftChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** A write to the draft (content, settings, templates): once it succeeds, the draft differs. */
export async function draftWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  notifyDraftChanged();
  return result;
}

export function useDraftChanged(callback: () => void): void {
  useEffect(() => {
    window.addEventListener(EVENT, callback);
    return () => window.removeEventListener(EVENT, callback);
  }, [callback]);
}
