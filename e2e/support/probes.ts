/**
 * Probes for the fault and soak tests: an init script that counts the page's live timers and
 * event streams (by wrapping the globals the app uses), and CDP readings of the heap and the DOM.
 *
 * The wrappers are installed with `page.addInitScript`, which runs after the context's scripts —
 * including Playwright's fake clock when `page.clock.install()` came first — so they wrap whatever
 * timers the app will call (fake or real) and count what the app itself schedules.
 */
import type { CDPSession, Page } from '@playwright/test';

export interface PageCounters {
  /** Timeouts scheduled and neither fired nor cleared, plus intervals not cleared. */
  timers: number;
  /** The live timers by delay in ms ("-1000" for a 1 s interval): "delay×count", for diagnosis. */
  timerDelays: string;
  /** EventSource objects not CLOSED (connecting or open). */
  eventSources: number;
  /** EventSource objects OPEN. */
  eventSourcesOpen: number;
  /** EventSource objects ever created. */
  eventSourcesCreated: number;
  /** `open` events of all EventSource objects. */
  eventSourceOpens: number;
}

interface ProbeGlobal {
  __probe?: { counters(): PageCounters; wrapped: boolean };
}

/** Runs in the page before any of its scripts. Self-contained: it is serialised. */
function installProbe() {
  const w = window as typeof globalThis & ProbeGlobal;
  if (w.__probe) return;
  /** Live timer id → its delay, so that a count that moves can be told apart by kind. */
  const live = new Map<unknown, number>();
  const native = {
    setTimeout: w.setTimeout.bind(w),
    clearTimeout: w.clearTimeout.bind(w),
    setInterval: w.setInterval.bind(w),
    clearInterval: w.clearInterval.bind(w),
  };
  // The signatures are the DOM's overloads; the wrappers only track the ids they hand out.
  w.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    // The callback needs the id it is given back; it only runs after the assignment.
    const timer: { id?: unknown } = {};
    const run =
      typeof handler === 'function'
        ? (...callArgs: unknown[]) => {
            live.delete(timer.id);
            (handler as (...a: unknown[]) => void)(...callArgs);
          }
        : handler;
    timer.id = native.setTimeout(run, timeout, ...args);
    live.set(timer.id, timeout ?? 0);
    return timer.id;
  }) as typeof w.setTimeout;
  w.clearTimeout = ((id?: number) => {
    live.delete(id);
    native.clearTimeout(id);
  }) as typeof w.clearTimeout;
  w.setInterval = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    const id = native.setInterval(handler, timeout, ...args);
    live.set(id, -(timeout ?? 0));
    return id;
  }) as typeof w.setInterval;
  w.clearInterval = ((id?: number) => {
    live.delete(id);
    native.clearInterval(id);
  }) as typeof w.clearInterval;

  let sources: EventSource[] = [];
  let created = 0;
  let opens = 0;
  const NativeEventSource = w.EventSource;
  class CountedEventSource extends NativeEventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      created++;
      sources.push(this);
      this.addEventListener('open', () => opens++);
    }
  }
  w.EventSource = CountedEventSource;

  w.__probe = {
    wrapped: true,
    counters: () => {
      sources = sources.filter((source) => source.readyState !== NativeEventSource.CLOSED);
      return {
        timers: live.size,
        timerDelays: [
          ...[...live.values()]
            .reduce((counts, delay) => counts.set(delay, (counts.get(delay) ?? 0) + 1), new Map())
            .entries(),
        ]
          .sort((a, b) => a[0] - b[0])
          .map(([delay, count]) => `${delay}×${count}`)
          .join(' '),
        eventSources: sources.length,
        eventSourcesOpen: sources.filter((source) => source.readyState === NativeEventSource.OPEN)
          .length,
        eventSourcesCreated: created,
        eventSourceOpens: opens,
      };
    },
  };
}

export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript(installProbe);
}

export async function readCounters(page: Page): Promise<PageCounters> {
  return page.evaluate(() => {
    const probe = (window as unknown as ProbeGlobal).__probe;
    if (!probe) throw new Error('the probe init script is not installed');
    return probe.counters();
  });
}

export interface MemoryReading {
  /** JS heap used after a full garbage collection, in bytes. */
  heapUsed: number;
  /** DOM nodes alive (attached or not) after that collection. */
  domNodes: number;
  /** Elements in the document. */
  elements: number;
  /** JS event listeners on DOM targets. */
  listeners: number;
}

export async function readMemory(page: Page, cdp: CDPSession): Promise<MemoryReading> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return {
    heapUsed: heap.usedSize,
    domNodes: dom.nodes,
    elements,
    listeners: dom.jsEventListeners,
  };
}
