/**
 * The usage sink (issue 49): how shared components (the page viewer, the PDF reader) say that a
 * document was opened or a page read, without importing the usage feature (components sit below
 * features, scripts/eslint-boundaries.mjs). They publish here; the usage feature subscribes while
 * it records (features/usage). With no subscriber — the preview, tests, a kiosk not logged in —
 * publishing does nothing.
 *
 * A sink rather than a callback prop on each component: nine screens open documents, and a prop
 * every one of them must remember to wire would leave the next screen silently uncounted.
 */
export type DocumentUsageEvent =
  { kind: 'document_open'; target: string } | { kind: 'page_read'; target: string; page: number };

export type UsageSinkListener = (event: DocumentUsageEvent) => void;

const listeners = new Set<UsageSinkListener>();

export function publishUsage(event: DocumentUsageEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      // Recording must never break the reader.
      console.error('[usage] a listener failed', error);
    }
  }
}

/** Listens to what components publish; returns the function that stops listening. */
export function subscribeUsage(listener: UsageSinkListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
