/**
 * Outside-probe hardening: the publish answer counted subscriptions, not kiosks ("delivered to 1
 * connected kiosk(s)" with 2,000 streams open: the stream hub listens once per development). It
 * now counts the kiosks of this instance the message was written to: distinct kiosk ids, and each
 * stream that names no kiosk once (an old kiosk build, or a browser tab: it cannot be told apart
 * from another, so it is one receiver).
 */
import type { AddressInfo } from 'node:net';
import { pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';

let f: Fixture;
let base: string;
beforeAll(async () => {
  f = await createFixture();
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});

describe('publish: delivered counts kiosks', () => {
  it('counts distinct kiosk ids, and each anonymous stream once', async () => {
    const token = await f.token();
    const streams: StreamClient[] = [];
    try {
      // One kiosk with three streams (reconnections that overlap), another with one, two unnamed.
      for (const kioskId of ['totem-a', 'totem-a', 'totem-a', 'totem-b', undefined, undefined]) {
        const stream = await openStream(
          base +
            pathOf('stream', {
              params: { devid: f.ids.devid },
              query: { token, ...(kioskId ? { kioskId } : undefined) },
            }),
        );
        streams.push(stream);
        await stream.waitFor((text) => text.includes('retry:'));
      }
      // The other development's kiosk is not counted.
      const other = await openStream(
        base +
          pathOf('stream', {
            params: { devid: f.ids.otherDevid },
            query: {
              token: await f.token(f.ids.otherDevid),
              ...{
                kioskId: 'totem-c',
              },
            },
          }),
      );
      streams.push(other);
      await other.waitFor((text) => text.includes('retry:'));

      // What publishContent answers as `delivered` (the rollback and publish checks are not
      // this test's business, so the message goes straight to the bus, as the publisher sends it).
      expect(await f.bus.publish({ devid: f.ids.devid, type: 'sync' })).toBe(4);
      for (const stream of streams.slice(0, 6)) {
        await stream.waitFor((text) => text.includes('"type":"sync"'));
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
