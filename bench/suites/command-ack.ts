/**
 * Remote commands (issue 47): a command to all of a development's totems, acknowledged by each,
 * on the real built server with the demo plant.
 *
 * 500 simulated totems, each logged in for itself, keep their stream open; the back-office sends
 * « Identifier » to all of them (POST adminSendKioskCommand, target `all`), and each totem answers
 * the `command` message it receives with its acknowledgement (POST kioskCommandAck, `done`, with
 * its own token) at once — a real totem acknowledges once it ran the command; here there is
 * nothing to run. The figure is the time from the send's start to each acknowledgement's answer,
 * p50/p99 over all totems and runs; and, to tell the delivery from the acknowledgements' writes,
 * from the send's start to each `command` message's arrival. Baseline in the same run: a
 * publish's `sync` message to the same 500 streams, from the publish request's start to each
 * stream's arrival.
 *
 * The clients run in this process, so the figures include their own event loop's delay in reading
 * 500 sockets and sending 500 requests: an upper bound of the server's.
 */
import { hashPasswordForLogin, TOKEN_HEADER, pathOf } from '@plant-kiosk/contract';
import { BenchAdmin } from '../support/admin-client.js';
import { DEMO_ACCOUNT, startDemoServer } from '../support/browser.js';
import { loginTotems } from '../support/development-reader.js';
import { publishWithBenchToken } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { latencySummary, percentile, round, waitFor } from '../support/stats.js';
import { openStreamClients, type StreamClient } from '../support/stream-clients.js';

const TOTEMS = sized(500, 5);
const RUNS = sized(5, 1);
const ACCOUNT = {
  devname: DEMO_ACCOUNT.devname,
  login: DEMO_ACCOUNT.login,
  passwordHash: hashPasswordForLogin(DEMO_ACCOUNT.password),
};

export async function commandAckBench(log: (line: string) => void) {
  const server = await startDemoServer();
  try {
    const admin = new BenchAdmin(server.url);
    await admin.login();
    log(`logging ${TOTEMS} totems in…`);
    const sessions = await loginTotems(server.url, ACCOUNT, TOTEMS);
    const devid = sessions[0]!.devid;

    const ackedAt = new Map<StreamClient, number>();
    let refused = 0;
    const acknowledge = (commandId: number, client: StreamClient) => {
      fetch(server.url + pathOf('kioskCommandAck', { params: { devid, commandId } }), {
        method: 'POST',
        headers: { [TOKEN_HEADER]: client.token, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'done' }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.ok) ackedAt.set(client, performance.now());
          else refused++;
        },
        () => refused++,
      );
    };
    log(`opening ${TOTEMS} streams…`);
    const totems = await openStreamClients(TOTEMS, {
      base: server.url,
      devid,
      token: sessions[0]!.token,
      sessions,
      onCommand: acknowledge,
    });
    // Every totem is in the fleet (its stream's presence) before `all` is aimed at it.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const publish = () => publishWithBenchToken(server.url, devid);

    const received: number[] = [];
    const commandReceived: number[] = [];
    const acks: number[] = [];
    let unacknowledged = 0;
    for (let run = 0; run < RUNS; run++) {
      // Baseline: a publish's `sync` to the same streams.
      for (const client of totems) client.received.length = 0;
      let since = performance.now();
      await publish();
      await waitFor(
        () => totems.every((client) => client.received.some((m) => m.type === 'sync')),
        30_000,
      );
      for (const client of totems) {
        const at = client.received.find((m) => m.type === 'sync')?.at;
        received.push(at === undefined ? Number.POSITIVE_INFINITY : at - since);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));

      // A command to all, acknowledged by each.
      for (const client of totems) client.received.length = 0;
      ackedAt.clear();
      since = performance.now();
      await admin.call('POST', pathOf('adminSendKioskCommand', { params: { devid } }), {
        kind: 'identify',
        target: { kind: 'all' },
      });
      await waitFor(() => ackedAt.size === totems.length, 30_000);
      unacknowledged += totems.length - ackedAt.size;
      acks.push(...[...ackedAt.values()].map((at) => at - since));
      for (const client of totems) {
        const at = client.received.find((m) => m.type === 'command')?.at;
        commandReceived.push(at === undefined ? Number.POSITIVE_INFINITY : at - since);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    for (const client of totems) client.close();

    const figures = {
      totems: TOTEMS,
      runs: RUNS,
      commandAcknowledged: latencySummary(acks),
      commandReceived: latencySummary(commandReceived),
      publishSyncReceived: latencySummary(received),
      p50Ratio: round(percentile(acks, 50) / Math.max(1, percentile(received, 50))),
      p99Ratio: round(percentile(acks, 99) / Math.max(1, percentile(received, 99))),
      unacknowledged,
      refusedAcks: refused,
    };
    log(
      `command → acknowledged by ${TOTEMS} totems: p50 ${figures.commandAcknowledged.p50Ms} / p99 ${figures.commandAcknowledged.p99Ms} ms ` +
        `(received: p50 ${figures.commandReceived.p50Ms} / p99 ${figures.commandReceived.p99Ms} ms); ` +
        `publish → sync received: p50 ${figures.publishSyncReceived.p50Ms} / p99 ${figures.publishSyncReceived.p99Ms} ms ` +
        `(× ${figures.p50Ratio} / × ${figures.p99Ratio}); unacknowledged ${unacknowledged}, refused ${refused}`,
    );
    return figures;
  } finally {
    await server.stop();
  }
}
