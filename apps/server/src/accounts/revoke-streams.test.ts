/**
 * Outside-probe hardening: revoking a development's kiosk tokens must also end the event streams
 * its kiosks already hold open (they were authorised before the revocation, and would otherwise
 * keep receiving publishes). The other development's streams stay open. The test waits for the
 * stream to end (no latency assertion: the stream helper's own bound only catches a hang).
 * Across two instances on PostgreSQL: multi-instance.pg.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../testing/sse-client.js';
import { createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';

let f: AdminFixture;
let base: string;
beforeAll(async () => {
  f = await createAdminFixture();
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});

describe('revoke-tokens ends open streams', () => {
  it("closes the development's streams, not the other development's", async () => {
    const mine = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } })}`,
    );
    const other = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.otherDevid }, query: { token: await f.token(f.ids.otherDevid) } })}`,
    );
    try {
      await mine.waitFor((text) => text.includes('retry:'));
      await other.waitFor((text) => text.includes('retry:'));
      // Receivers a message reaches: this development's one stream.
      expect(await f.bus.publish({ devid: f.ids.devid, type: 'sync' })).toBe(1);

      const admin = await f.asAdmin();
      const response = await admin.post(
        pathOf('adminRevokeTokens', { params: { devid: f.ids.devid } }),
      );
      expect(response.statusCode, response.body).toBe(200);

      await mine.ended;
      expect(await f.bus.publish({ devid: f.ids.devid, type: 'sync' })).toBe(0);
      expect(await f.bus.publish({ devid: f.ids.otherDevid, type: 'sync' })).toBe(1);
    } finally {
      mine.close();
      other.close();
    }
  });
});
