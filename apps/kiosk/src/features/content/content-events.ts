/**
 * "Reload this item" notices from the stream (`zone` and `element` messages, docs/product.md#states), fanned out
 * to the content hooks that show that zone or element. A plain emitter, not a store: these are
 * moments, not state.
 */

export type ContentEvent =
  { type: 'zone'; zoneid: number } | { type: 'element'; elementid: number; zoneid?: number };

export type ContentEventListener = (event: ContentEvent) => void;

export interface ContentEventEmitter {
  emit(event: ContentEvent): void;
  /** Returns the function that unsubscribes. */
  on(listener: ContentEventListener): () => void;
  listenerCount(): number;
}

export function createContentEventEmitter(): ContentEventEmitter {
  const listeners = new Set<ContentEventListener>();
  return {
    emit(event) {
      // Copy: a listener may unsubscribe (its screen unmounts) while we iterate.
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('[content] a content event listener failed', error);
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount: () => listeners.size,
  };
}

/** The kiosk's one emitter, fed by the stream client and read by the content hooks. */
export const contentEvents = createContentEventEmitter();
