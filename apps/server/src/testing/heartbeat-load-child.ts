/**
 * A steady heartbeat load from another process, for the cross-process test
 * (db/cross-process-writes.test.ts): one kiosk heartbeat after another to BASE, until its standard
 * input closes; then prints `{"sent":N,"statuses":{"200":N,…}}` and exits.
 *
 * Usage: node --import tsx heartbeat-load-child.ts BASE DEVID TOKEN
 */
import { TOKEN_HEADER, type KioskHeartbeat, pathOf } from '@plant-kiosk/contract';

const [base, devidText, token] = process.argv.slice(2);
if (!base || !devidText || !token) {
  console.error('usage: heartbeat-load-child.ts BASE DEVID TOKEN');
  process.exit(2);
}

let stopping = false;
process.stdin.on('close', () => (stopping = true));
process.stdin.on('end', () => (stopping = true));
process.stdin.resume();

const statuses: Record<string, number> = {};
let sent = 0;
while (!stopping) {
  const heartbeat: KioskHeartbeat = {
    kioskId: `load-${sent % 20}`,
    mode: null,
    totem: null,
    appVersion: 'test',
    contentVersion: null,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
  };
  let status: string;
  try {
    const response = await fetch(
      base + pathOf('heartbeat', { params: { devid: Number(devidText) } }),
      {
        method: 'POST',
        headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(heartbeat),
      },
    );
    await response.arrayBuffer();
    status = String(response.status);
  } catch (error) {
    status = `error: ${(error as Error).message}`;
  }
  statuses[status] = (statuses[status] ?? 0) + 1;
  sent++;
}
console.log(JSON.stringify({ sent, statuses }));
