/**
 * Giving the page its turn while a thumbnail is made: the drawing is a few chunks of main-thread
 * work (reading the page, cloning it with its styles, rasterising, encoding), and the totem must
 * not stutter (issue 48: main thread blocked p95 ≤ 100 ms). Each chunk starts when the browser is
 * idle (requestIdleCallback, with a time-out so a page that never idles — a carousel — still gets
 * its thumbnail), and chunks are separated by a macrotask, so a tap or an animation frame between
 * two of them is served.
 */

/** Resolves when the browser is idle, or after `timeoutMs` at the latest. */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else {
      setTimeout(resolve, 0);
    }
  });
}

interface SchedulerYield {
  yield?: () => Promise<void>;
}

/** Ends the current task: input and rendering go first, then the work continues. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A yield, then idle: between two heavy chunks. */
export async function nextQuietMoment(timeoutMs?: number): Promise<void> {
  await yieldToPage();
  await whenIdle(timeoutMs);
}
