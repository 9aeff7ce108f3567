/**
 * Outside-probe hardening: any kiosk token could create unbounded fleet entries (1,000 made-up
 * kiosk ids from one token were all kept). A development now keeps at most
 * FLEET_MAX_KIOSKS_PER_DEVELOPMENT kiosk ids: a heartbeat from a new id beyond that is refused
 * with 409 (the entries already there, real kiosks among them, are kept: see fleet.ts), a known
 * kiosk still reports, and the other development is not affected.
 */
import { type Envelope, type KioskHeartbeat, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../testing/fixture.js';
import { Fleet, FLEET_MAX_KIOSKS_PER_DEVELOPMENT } from './fleet.js';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f.close();
});

const report = (kioskId: string): KioskHeartbeat => ({
  kioskId,
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '1.2.3',
  contentVersion: null,
  lastSyncAt: null,
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
});

const heartbeat = async (kioskId: string, devid = f.ids.devid) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid } }),
    headers: await f.auth(devid),
    payload: report(kioskId),
  });

describe('fleet bound', () => {
  it(`refuses the ${FLEET_MAX_KIOSKS_PER_DEVELOPMENT + 1}st made-up kiosk id of a development`, async () => {
    expect(FLEET_MAX_KIOSKS_PER_DEVELOPMENT).toBe(1000);
    // The first 999 straight through the repository (fast), the 1,000th through the API.
    for (let i = 1; i < FLEET_MAX_KIOSKS_PER_DEVELOPMENT; i++) {
      await f.repos.kiosks.record({
        devid: f.ids.devid,
        kioskId: `made-up-${i}`,
        now: f.clock.now,
        report: {},
      });
    }
    expect((await heartbeat(`made-up-${FLEET_MAX_KIOSKS_PER_DEVELOPMENT}`)).statusCode).toBe(200);

    const refused = await heartbeat('made-up-one-too-many');
    expect(refused.statusCode, refused.body).toBe(409);
    const envelope = refused.json<Envelope<null>>();
    expect(envelope.error).toBe('conflict');
    expect(envelope.message).toContain(String(FLEET_MAX_KIOSKS_PER_DEVELOPMENT));
    expect(await f.repos.kiosks.list([f.ids.devid], 'made-up-one-too-many')).toEqual([]);

    // Known kiosks still report; the other development has its own allowance.
    expect((await heartbeat('made-up-1')).statusCode).toBe(200);
    expect((await heartbeat('other-kiosk', f.ids.otherDevid)).statusCode).toBe(200);
  });

  it('a stream naming a new kiosk id beyond the bound is not recorded (the stream still opens)', async () => {
    // The stream route logs this refusal and keeps the stream: the token is valid.
    const fleet = new Fleet(f.app.kiosk);
    await expect(
      fleet.streamOpened(f.ids.devid, { kioskId: 'stream-too-many' }, 'connection-1'),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await f.repos.kiosks.list([f.ids.devid], 'stream-too-many')).toEqual([]);
    // A known one is still recorded as connected.
    await fleet.streamOpened(f.ids.devid, { kioskId: 'made-up-2' }, 'connection-2');
    expect((await f.repos.kiosks.list([f.ids.devid], 'made-up-2'))[0]?.connected).toBe(1);
  });
});
