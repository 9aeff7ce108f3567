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
 * started), and for both set-ups the delivery only (trigger → the `alert` message received, no
 * heartbeat). The clients run in this process, so the figures include its own event loop's delay.
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
  const start = async () => {
    const server = await startRealServer(data.dir, {
      DATABASE_URL: schema.url,
      ALERT_TOKEN: BENCH_ALERT_TOKEN,
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

    log(`  one instance on PostgreSQL, ${TOTEMS} totems…`);
    const one = await figures([a], 'one');
    const b = await start();
    log(`  two instances on PostgreSQL, ${TOTEMS} totems split across them, trigger on A…`);
    const two = await figures([a, b], 'two');
    const result = {
      postgres: true,
      oneInstance: one,
      twoInstances: two,
      ackP99RatioToOneInstance: round(two.acknowledged.p99Ms / Math.max(1, one.acknowledged.p99Ms)),
      receivedP99RatioToOneInstance: round(two.received.p99Ms / Math.max(1, one.received.p99Ms)),
    };
    for (const [name, set] of [
      ['one instance ', one],
      ['two instances', two],
    ] as const) {
      log(
        `  ${name}: trigger → acknowledged p50 ${set.acknowledged.p50Ms} / p99 ${set.acknowledged.p99Ms} ms ` +
          `(unacknowledged ${set.unacknowledged}); delivery only p50 ${set.received.p50Ms} / p99 ${set.received.p99Ms} ms`,
      );
    }
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
