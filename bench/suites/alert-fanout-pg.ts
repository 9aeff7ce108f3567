/**
 * The red button and acknowledgements' second alert figure: trigger → acknowledged by 500 simulated
 * totems across two instances over PostgreSQL.
 *
 * Two real built servers (apps/server/dist/server.js) on one fresh PostgreSQL schema and one data
 * directory, as the README deploys them; instance A seeds the demo plant. The totems are stream
 * clients split across both instances; each answers the alert's message with the heartbeat that
 * carries "alerte affichée" (`alertAck`), sent to its own instance. The trigger goes to A, so the
 * totems on B hear it through LISTEN/NOTIFY. From the trigger's start to each heartbeat's answer —
 * the acknowledgement stored — p50/p99 over all totems and runs.
 *
 * Baselines in the same run, on the same PostgreSQL: every totem on instance A alone (B not yet
 * started), for both set-ups the delivery only (trigger → the `alert` message received, no
 * heartbeat), and for both the acknowledgements on instances started with the heartbeats' group
 * commit off (HEARTBEAT_GROUP_COMMIT=off: one write per heartbeat, as before issue 50; decision
 * 045), stopped once measured. Target: acknowledged p99 ≤ 1 s with the group commit on. The clients run in this process, so the figures include its own event loop's delay.
 *
 * PostgreSQL unreachable: skipped with one line, except under CI (support/postgres.ts).
 */
import {
  hashPasswordForLogin,
  TOKEN_HEADER,
  type KioskHeartbeat,
  pathOf,
} from '@plant-kiosk/contract';
import { DEMO_ACCOUNT } from '../support/browser.js';
import { login, loginTotems, type TotemSession } from '../support/development-reader.js';
import { createBenchSchema, postgresProblem } from '../support/postgres.js';
import { makeDataDir, startRealServer, type Child } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { latencySummary, round, waitFor } from '../support/stats.js';
import { openStreamClients, type StreamClient, alertArrivals } from '../support/stream-clients.js';

const BENCH_ALERT_TOKEN = 'bench-only-alert-token-0123456789';
const RUNS = sized(5, 1);
const TOTEMS = sized(500, 4);
const TEMPLATES = ['Évacuation', 'Confinement'];
const TARGET_ACK_P99_MS = 1000;

interface Session {
  token: string;
  devid: number;
}

/** A totem's heartbeat saying "alerte affichée" (its takeover took no time: there is no paint). */
const ackHeartbeat = (kioskId: string, alertid: number): KioskHeartbeat => ({
  kioskId,
  mode: null,
  totem: null,
  appVersion: 'bench',
  contentVersion: null,
  lastSyncAt: null,
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
  alertAck: { alertid, displayedAt: new Date().toISOString(), takeoverMs: 0 },
});

export async function alertFanoutPgBench(log: (line: string) => void) {
  const problem = await postgresProblem();
  if (problem) {
    log(`  skipped: ${problem} (set TEST_POSTGRES_URL)`);
    return { skipped: problem };
  }
  const schema = await createBenchSchema();
  const data = makeDataDir();
  const servers: Child[] = [];
  const start = async (groupCommit: 'on' | 'off' = 'on') => {
    const server = await startRealServer(data.dir, {
      DATABASE_URL: schema.url,
      ALERT_TOKEN: BENCH_ALERT_TOKEN,
      HEARTBEAT_GROUP_COMMIT: groupCommit,
    });
    servers.push(server);
    return server;
  };
  try {
    // A seeds the demo plant into the schema and the shared data directory.
    const a = await start();
    const session: Session = await login(
      a.url,
      DEMO_ACCOUNT.devname,
      DEMO_ACCOUNT.login,
      hashPasswordForLogin(DEMO_ACCOUNT.password),
    );
    const alertCall = async (method: 'POST' | 'DELETE', template?: string) => {
      const response = await fetch(
        a.url + pathOf('alertGet', { params: { devid: session.devid } }),
        {
          method,
          headers: {
            authorization: `Bearer ${BENCH_ALERT_TOKEN}`,
            ...(template ? { 'content-type': 'application/json' } : {}),
          },
          // Each run alternates the template over the one in force: a replacement, said (decision 027).
          ...(template ? { body: JSON.stringify({ template, replace: true }) } : {}),
        },
      );
      if (!response.ok) throw new Error(`alert ${method}: HTTP ${response.status}`);
    };

    /** Stream clients spread evenly over `instances`, each knowing its instance. */
    const open = async (
      instances: Child[],
      /** One logged-in totem per client, spread like the clients (none: one shared token). */
      sessions: readonly TotemSession[] | undefined,
      onAlert?: (alertid: number | null, client: StreamClient, base: string) => void,
    ) => {
      const clients: StreamClient[] = [];
      let taken = 0;
      for (const [index, instance] of instances.entries()) {
        const count =
          Math.floor(TOTEMS / instances.length) + (index < TOTEMS % instances.length ? 1 : 0);
        const mine = sessions?.slice(taken, taken + count);
        taken += count;
        clients.push(
          ...(await openStreamClients(count, {
            base: instance.url,
            devid: session.devid,
            token: session.token,
            ...(mine ? { sessions: mine } : {}),
            ...(onAlert
              ? { onAlert: (alertid, client) => onAlert(alertid, client, instance.url) }
              : {}),
          })),
        );
      }
      // Each client gets the state on connecting: wait for it, then only count what follows.
      await waitFor(() => clients.every((c) => c.received.some((m) => m.type === 'alert')), 30_000);
      return clients;
    };

    /** Trigger on A → the `alert` message on every client, per client (ms). */
    const delivery = async (instances: Child[]) => {
      const clients = await open(instances, undefined);
      const all: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        for (const client of clients) client.received.length = 0;
        const since = performance.now();
        await alertCall('POST', TEMPLATES[run % 2]);
        await waitFor(
          () => clients.every((c) => c.received.some((m) => m.type === 'alert')),
          30_000,
        );
        all.push(...alertArrivals(clients, since));
        await alertCall('DELETE');
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      for (const client of clients) client.close();
      return all;
    };

    let ackSessions: TotemSession[] | undefined;
    /** Trigger on A → each totem's acknowledging heartbeat answered by its own instance (ms). */
    const acknowledged = async (instances: Child[], label: string) => {
      const ackedAt = new Map<StreamClient, number>();
      /** Heartbeats not answered 200, by status (or the fetch error's message). */
      const refused = new Map<string, number>();
      const count = (key: string) => refused.set(key, (refused.get(key) ?? 0) + 1);
      const acknowledge = (alertid: number | null, client: StreamClient, base: string) => {
        if (alertid === null || client.kioskId === undefined) return;
        fetch(base + pathOf('heartbeat', { params: { devid: session.devid } }), {
          method: 'POST',
          headers: { [TOKEN_HEADER]: client.token, 'content-type': 'application/json' },
          body: JSON.stringify(ackHeartbeat(client.kioskId, alertid)),
        }).then(
          async (response) => {
            const body = await response.text();
            if (response.ok) ackedAt.set(client, performance.now());
            else count(`HTTP ${response.status} ${body.slice(0, 120)}`);
          },
          (error: unknown) => count((error as Error).message || String(error)),
        );
      };
      // The same totems in both set-ups, each logged in once for itself (issue 47).
      ackSessions ??= await loginTotems(
        a.url,
        {
          devname: DEMO_ACCOUNT.devname,
          login: DEMO_ACCOUNT.login,
          passwordHash: hashPasswordForLogin(DEMO_ACCOUNT.password),
        },
        TOTEMS,
      );
      const totems = await open(instances, ackSessions, acknowledge);
      const all: number[] = [];
      let unacknowledged = 0;
      for (let run = 0; run < RUNS; run++) {
        ackedAt.clear();
        const since = performance.now();
        await alertCall('POST', TEMPLATES[run % 2]);
        await waitFor(() => ackedAt.size === totems.length, 30_000);
        unacknowledged += totems.length - ackedAt.size;
        all.push(...[...ackedAt.values()].map((at) => at - since));
        await alertCall('DELETE');
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      for (const client of totems) client.close();
      if (all.length === 0) {
        throw new Error(`no acknowledgement (${label}): ${JSON.stringify([...refused])}`);
      }
      return { all, unacknowledged, refused: Object.fromEntries(refused) };
    };

    const figures = async (instances: Child[], label: string) => {
      const received = await delivery(instances);
      const acks = await acknowledged(instances, label);
      return {
        instances: instances.length,
        totems: TOTEMS,
        triggers: RUNS,
        received: latencySummary(received),
        acknowledged: latencySummary(acks.all),
        unacknowledged: acks.unacknowledged,
        refusedHeartbeats: acks.refused,
      };
    };
    /** The baseline: the same acknowledgements on instances with the group commit off. */
    const unbatched = async (instances: Child[], label: string) => {
      const acks = await acknowledged(instances, label);
      return {
        acknowledged: latencySummary(acks.all),
        unacknowledged: acks.unacknowledged,
        refusedHeartbeats: acks.refused,
      };
    };
    /** Instances with the group commit off, for one measurement, then stopped. */
    const withUnbatched = async <T>(count: number, work: (instances: Child[]) => Promise<T>) => {
      const started: Child[] = [];
      try {
        for (let i = 0; i < count; i++) started.push(await start('off'));
        return await work(started);
      } finally {
        await Promise.all(started.map((server) => server.stop()));
        for (const server of started) servers.splice(servers.indexOf(server), 1);
      }
    };
    const versus = (
      on: { acknowledged: { p50Ms: number; p99Ms: number } },
      off: { acknowledged: { p50Ms: number; p99Ms: number } },
    ) => ({
      p50: round(on.acknowledged.p50Ms / Math.max(1, off.acknowledged.p50Ms)),
      p99: round(on.acknowledged.p99Ms / Math.max(1, off.acknowledged.p99Ms)),
    });

    log(`  one instance on PostgreSQL, ${TOTEMS} totems…`);
    const one = await figures([a], 'one');
    log(`  the same, group commit off (baseline)…`);
    const oneOff = await withUnbatched(1, (instances) => unbatched(instances, 'one, off'));
    const b = await start();
    log(`  two instances on PostgreSQL, ${TOTEMS} totems split across them, trigger on A…`);
    const two = await figures([a, b], 'two');
    log(`  the same, group commit off (baseline)…`);
    const twoOff = await withUnbatched(2, (instances) => unbatched(instances, 'two, off'));
    const result = {
      postgres: true,
      oneInstance: one,
      twoInstances: two,
      groupCommitOff: { oneInstance: oneOff, twoInstances: twoOff },
      ackRatioToGroupCommitOff: {
        oneInstance: versus(one, oneOff),
        twoInstances: versus(two, twoOff),
      },
      targetAckP99Ms: TARGET_ACK_P99_MS,
      ackP99RatioToOneInstance: round(two.acknowledged.p99Ms / Math.max(1, one.acknowledged.p99Ms)),
      receivedP99RatioToOneInstance: round(two.received.p99Ms / Math.max(1, one.received.p99Ms)),
    };
    for (const [name, set, off] of [
      ['one instance ', one, oneOff],
      ['two instances', two, twoOff],
    ] as const) {
      log(
        `  ${name}: trigger → acknowledged p50 ${set.acknowledged.p50Ms} / p99 ${set.acknowledged.p99Ms} ms ` +
          `(target p99 ≤ ${TARGET_ACK_P99_MS}; unacknowledged ${set.unacknowledged}); delivery only p50 ${set.received.p50Ms} / p99 ${set.received.p99Ms} ms; ` +
          `group commit off p50 ${off.acknowledged.p50Ms} / p99 ${off.acknowledged.p99Ms} ms (unacknowledged ${off.unacknowledged})`,
      );
    }
    log(
      `  group commit on / off, acknowledged: one instance p50 ×${result.ackRatioToGroupCommitOff.oneInstance.p50} p99 ×${result.ackRatioToGroupCommitOff.oneInstance.p99}; ` +
        `two instances p50 ×${result.ackRatioToGroupCommitOff.twoInstances.p50} p99 ×${result.ackRatioToGroupCommitOff.twoInstances.p99}`,
    );
    log(
      `  two instances / one: acknowledged p99 ×${result.ackP99RatioToOneInstance}, delivery p99 ×${result.receivedP99RatioToOneInstance}`,
    );
    return result;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    data.remove();
    await schema.drop();
  }
}
