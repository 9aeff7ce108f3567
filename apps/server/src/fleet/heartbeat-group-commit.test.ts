/**
 * The heartbeats' group commit on the real store (decision 045; SQLite here, PostgreSQL in the
 * server-pg project): many heartbeats sent at once through the route are stored — fleet rows and
 * acknowledgements — with the same outcomes as one at a time, in fewer transactions than reports;
 * and the batch method of the acknowledgements gives recordAck's outcome for each.
 */
import { pathOf, type AlertAck, type KioskHeartbeat } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertRepository } from '../alerts/index.js';
import { createFixture, publishDraftDirectly, type Fixture } from '../testing/fixture.js';
import { groupedHeartbeats, type HeartbeatWrite } from './fleet.js';

let f: Fixture;
let alertid: number;

beforeAll(async () => {
  f = await createFixture();
  await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    name: 'Évacuation',
    kind: 'evacuation',
    titleFr: 'Évacuation',
    titleEn: 'Evacuation',
    instructionsFr: 'Sortez.',
    instructionsEn: 'Get out.',
    pictogram: 'evacuation',
    colour: 'rouge',
    image: null,
    endTextFr: null,
    endTextEn: null,
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
  const template = await f.repos.alerts.findLiveTemplate(f.ids.devid, 'Évacuation');
  const change = await f.repos.alerts.start(f.ids.devid, template!, {
    drill: false,
    by: 'test',
    now: f.clock.now,
    decide: () => 'write',
  });
  alertid = change.alert!.alertid!;
});
afterAll(async () => {
  await f.close();
});

const ack = (id: number): AlertAck => ({
  alertid: id,
  displayedAt: f.clock.now.toISOString(),
  takeoverMs: 120,
});

function report(kioskId: string, alertAck: AlertAck | null): KioskHeartbeat {
  return {
    kioskId,
    mode: 'totem',
    totem: 'Moulage',
    appVersion: '1.2.3',
    contentVersion: null,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
    alertAck,
  };
}

const write = (kioskId: string, alert?: AlertAck): HeartbeatWrite => ({
  kiosk: {
    devid: f.ids.devid,
    kioskId,
    now: f.clock.now,
    heartbeat: true,
    report: { appVersion: '1.2.3' },
  },
  ...(alert ? { ack: alert } : {}),
});

describe('heartbeats group commit', () => {
  it('stores every acknowledgement of heartbeats sent at once, each answered 200', async () => {
    const headers = await f.auth();
    const kioskIds = Array.from({ length: 40 }, (_, i) => `group-${i}`);
    const responses = await Promise.all(
      kioskIds.map((kioskId) =>
        f.app.inject({
          method: 'POST',
          url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
          headers,
          payload: report(kioskId, ack(alertid)),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(kioskIds.map(() => 200));
    const stored = await f.repos.alerts.acks(alertid);
    expect(stored.map((entry) => entry.kioskId).sort()).toEqual([...kioskIds].sort());
    const fleet = await f.repos.kiosks.list([f.ids.devid]);
    for (const kioskId of kioskIds) {
      expect(fleet.find((row) => row.kiosk_id === kioskId)).toMatchObject({
        totem: 'Moulage',
        app_version: '1.2.3',
      });
    }
  });

  it('groups writes arriving together into fewer transactions, signalled once per development', async () => {
    let signals = 0;
    const stop = f.bus.onFleet(f.ids.devid, () => {
      signals += 1;
    });
    const writer = groupedHeartbeats({ repos: f.repos, bus: f.bus, now: () => f.clock.now });
    const kioskIds = Array.from({ length: 30 }, (_, i) => `batched-${i}`);
    await Promise.all(kioskIds.map((kioskId) => writer.write(write(kioskId, ack(alertid)))));
    await writer.close();
    stop();
    expect(writer.batcher.batches).toBeLessThan(kioskIds.length);
    expect(signals).toBe(writer.batcher.batches);
    const stored = new Set((await f.repos.alerts.acks(alertid)).map((entry) => entry.kioskId));
    for (const kioskId of kioskIds) expect(stored.has(kioskId)).toBe(true);
  });

  it('a batch holding a write the store refuses still stores the others', async () => {
    const writer = groupedHeartbeats({ repos: f.repos, bus: f.bus, now: () => f.clock.now });
    // A development that does not exist: its kiosk row breaks the foreign key, so the batch
    // transaction fails and each write is retried alone.
    const faulty = write('faulty');
    faulty.kiosk.devid = 999_999;
    const outcomes = await Promise.allSettled([
      writer.write(write('fine-1', ack(alertid))),
      writer.write(faulty),
      writer.write(write('fine-2', ack(alertid))),
    ]);
    await writer.close();
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const stored = new Set((await f.repos.alerts.acks(alertid)).map((entry) => entry.kioskId));
    expect(stored.has('fine-1') && stored.has('fine-2')).toBe(true);
    expect(await f.repos.kiosks.has(999_999, 'faulty')).toBe(false);
  });

  it('gives recordAck’s outcome for each acknowledgement of a batch', async () => {
    const at = f.clock.now;
    await f.repos.alerts.recordAck(f.ids.devid, 'before', ack(alertid), at);
    const outcomes = await f.repos.transaction((trx) =>
      new AlertRepository(trx).recordAcks([
        { devid: f.ids.devid, kioskId: 'new-1', ack: ack(alertid), now: at },
        // Already stored by an earlier call.
        { devid: f.ids.devid, kioskId: 'before', ack: ack(alertid), now: at },
        // Twice in the same batch: the second is a duplicate.
        { devid: f.ids.devid, kioskId: 'new-1', ack: ack(alertid), now: at },
        // No such alert, and an alert of another development.
        { devid: f.ids.devid, kioskId: 'new-2', ack: ack(424_242), now: at },
        { devid: f.ids.otherDevid, kioskId: 'new-3', ack: ack(alertid), now: at },
        // After the alert's maximum duration: recorded, flagged after its end.
        {
          devid: f.ids.devid,
          kioskId: 'late',
          ack: ack(alertid),
          now: new Date(at.getTime() + 48 * 3_600_000),
        },
      ]),
    );
    expect(outcomes).toEqual([
      'recorded',
      'duplicate',
      'duplicate',
      'unknown-alert',
      'unknown-alert',
      'after-end',
    ]);
    const stored = await f.repos.alerts.acks(alertid);
    expect(stored.filter((entry) => entry.kioskId === 'new-1')).toHaveLength(1);
    expect(stored.find((entry) => entry.kioskId === 'late')?.afterEnd).toBe(true);
    expect(stored.some((entry) => entry.kioskId === 'new-3')).toBe(false);
  });
});
