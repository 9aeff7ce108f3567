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

  it('delivers nothing once closed', async () => {
    const bus = new InMemoryEventBus();
    bus.subscribe(1, () => undefined);
    await bus.close();
    expect(await bus.publish({ devid: 1, type: 'sync' })).toBe(0);
    expect(bus.listenerCount()).toBe(0);
  });
});
