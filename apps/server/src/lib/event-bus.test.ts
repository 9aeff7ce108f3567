import type { StreamEvent } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { InMemoryEventBus } from './event-bus.js';

describe('in-memory event bus', () => {
  it('delivers a message to the listeners of its development only, and counts them', async () => {
    const bus = new InMemoryEventBus();
    const a: StreamEvent[] = [];
    const b: StreamEvent[] = [];
    bus.subscribe(1, (message) => a.push(message));
    bus.subscribe(1, (message) => a.push(message));
    bus.subscribe(2, (message) => b.push(message));
    expect(await bus.publish({ devid: 1, type: 'sync', version: 3 })).toBe(2);
    expect(a).toEqual([
      { devid: 1, type: 'sync', version: 3 },
      { devid: 1, type: 'sync', version: 3 },
    ]);
    expect(b).toEqual([]);
    expect(await bus.publish({ devid: 9, type: 'sync' })).toBe(0);
  });

  it('stops delivering after unsubscribe and forgets empty developments', async () => {
    const bus = new InMemoryEventBus();
    const received: StreamEvent[] = [];
    const stop = bus.subscribe(1, (message) => received.push(message));
    expect(bus.listenerCount(1)).toBe(1);
    stop();
    stop();
    expect(bus.listenerCount(1)).toBe(0);
    expect(bus.listenerCount()).toBe(0);
    expect(await bus.publish({ devid: 1, type: 'sync' })).toBe(0);
    expect(received).toEqual([]);
  });

  it('keeps delivering to the others when one listener throws', async () => {
    const bus = new InMemoryEventBus();
    const received: StreamEvent[] = [];
    bus.subscribe(1, () => {
      throw new Error('broken socket');
    });
    bus.subscribe(1, (message) => received.push(message));
    expect(await bus.publish({ devid: 1, type: 'zone', zoneid: 4 })).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('carries fleet signals to the fleet listeners of their development only', async () => {
    const bus = new InMemoryEventBus();
    const kioskMessages: StreamEvent[] = [];
    const signals: string[] = [];
    let fleet1 = 0;
    let fleet2 = 0;
    bus.subscribe(1, (message) => kioskMessages.push(message));
    bus.subscribe(-1, (message) => kioskMessages.push(message));
    bus.onInvalidate((signal) => signals.push(signal.kind));
    const stop = bus.onFleet(1, () => fleet1++);
    bus.onFleet(2, () => fleet2++);
    bus.onFleet(1, () => {
      throw new Error('broken page');
    });
    await bus.signalFleet(1);
    expect([fleet1, fleet2]).toEqual([1, 0]);
    stop();
    await bus.signalFleet(1);
    expect(fleet1).toBe(1);
    // Not a kiosk message nor a cache signal.
    expect(kioskMessages).toEqual([]);
    expect(signals).toEqual([]);
  });

  it('delivers nothing once closed', async () => {
    const bus = new InMemoryEventBus();
    bus.subscribe(1, () => undefined);
    await bus.close();
    expect(await bus.publish({ devid: 1, type: 'sync' })).toBe(0);
    expect(bus.listenerCount()).toBe(0);
  });
});
