import type { CommandMessage, KioskCommandAck } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-client';
import { MemoryStorage, storageKeys } from '../../lib/storage/kiosk-storage';
import { createCommandMemory, RAN_COMMANDS_KEPT } from './command-memory';
import {
  createCommandRunner,
  EXPIRED_REASON,
  INTERRUPTED_REASON,
  type CommandActions,
} from './command-runner';

const DEVID = 7;
const KIOSK = 'kiosk-a';
const NOW = Date.parse('2026-11-27T15:00:00.000Z');
const LATER = '2026-11-27T16:00:00.000Z';

interface Sent {
  devid: number;
  commandId: number;
  ack: KioskCommandAck;
}

let storage: MemoryStorage;
let sent: Sent[];
/** What the next acknowledgements do: undefined = accepted. */
let ackFailure: (() => unknown) | undefined;
let log: string[];

function actions(overrides: Partial<CommandActions> = {}): CommandActions {
  return {
    reload: () => log.push('reload'),
    resync: async () => {
      log.push('resync');
      return { status: 'done' };
    },
    rebuild: async () => {
      log.push('rebuild');
      return { status: 'done' };
    },
    identify: (identification) => log.push(`identify ${JSON.stringify(identification)}`),
    setMode: (mode) => log.push(`set-mode ${mode}`),
    thumbnail: async (commandId) => {
      log.push(`thumbnail ${commandId}`);
      return { status: 'done' };
    },
    watchdog: async (kind) => {
      log.push(`watchdog ${kind}`);
      return { status: 'done' };
    },
    ...overrides,
  };
}

function runner(overrides: Partial<CommandActions> = {}, kioskId = KIOSK) {
  return createCommandRunner({
    devid: DEVID,
    kioskId: () => kioskId,
    api: {
      ackCommand: async (devid, commandId, ack) => {
        if (ackFailure) throw ackFailure();
        sent.push({ devid, commandId, ack });
        return ack;
      },
    },
    actions: actions(overrides),
    now: () => NOW,
    storage: () => storage,
  });
}

function command(
  commandId: number,
  kind: CommandMessage['command']['kind'],
  extra: Partial<CommandMessage['command']> = {},
  kioskId = KIOSK,
): CommandMessage {
  return {
    type: 'command',
    devid: DEVID,
    kioskId,
    command: { commandId, kind, expiresAt: LATER, ...extra },
  };
}

const offline = () => new ApiError(0, 'Réseau indisponible', 'network');

beforeEach(() => {
  storage = new MemoryStorage();
  sent = [];
  ackFailure = undefined;
  log = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('command runner', () => {
  it('runs each kind and acknowledges it done', async () => {
    const r = runner();
    r.receive(command(1, 'resync'));
    r.receive(command(2, 'rebuild'));
    r.receive(command(3, 'identify', { name: 'Totem hall', location: 'Hall B' }));
    r.receive(command(4, 'set-mode', { mode: 'Assemblage' }));
    r.receive(command(5, 'reload'));
    await r.idle();
    expect(log).toEqual([
      'resync',
      'rebuild',
      `identify ${JSON.stringify({ name: 'Totem hall', location: 'Hall B', kioskId: KIOSK })}`,
      'set-mode Assemblage',
      'reload',
    ]);
    expect(sent).toEqual(
      [1, 2, 3, 4, 5].map((commandId) => ({ devid: DEVID, commandId, ack: { status: 'done' } })),
    );
  });

  it('a thumbnail command draws with its id and is acknowledged done (issue 48)', async () => {
    const r = runner();
    r.receive(command(9, 'thumbnail'));
    await r.idle();
    expect(log).toEqual(['thumbnail 9']);
    expect(sent).toEqual([{ devid: DEVID, commandId: 9, ack: { status: 'done' } }]);
  });

  it('a thumbnail that could not be drawn or sent is acknowledged failed with the reason', async () => {
    const r = runner({
      thumbnail: async () => {
        throw new Error('la page est sortie vide (une seule couleur)');
      },
    });
    r.receive(command(9, 'thumbnail'));
    await r.idle();
    expect(sent).toEqual([
      {
        devid: DEVID,
        commandId: 9,
        ack: { status: 'failed', reason: 'la page est sortie vide (une seule couleur)' },
      },
    ]);
  });

  it('ignores a command for another totem: nothing run, nothing acknowledged', async () => {
    const r = runner();
    r.receive(command(1, 'reload', {}, 'kiosk-b'));
    await r.idle();
    expect(log).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('runs a command once: seen again (even after a reload), it is only acknowledged again', async () => {
    const first = runner();
    first.receive(command(1, 'resync'));
    first.receive(command(1, 'resync'));
    await first.idle();
    // A new page (a reload) with the same storage.
    const second = runner();
    second.receive(command(1, 'resync'));
    await second.idle();
    expect(log).toEqual(['resync']);
    expect(sent.map((s) => s.commandId)).toEqual([1, 1, 1]);
    expect(new Set(sent.map((s) => JSON.stringify(s.ack)))).toEqual(
      new Set([JSON.stringify({ status: 'done' })]),
    );
  });

  it('acknowledges again with the first answer, a failure included', async () => {
    const r = runner({ resync: async () => ({ status: 'failed', reason: 'Réseau indisponible' }) });
    r.receive(command(1, 'resync'));
    r.receive(command(1, 'resync'));
    await r.idle();
    expect(sent.map((s) => s.ack)).toEqual([
      { status: 'failed', reason: 'Réseau indisponible' },
      { status: 'failed', reason: 'Réseau indisponible' },
    ]);
  });

  it('a command begun before the page died is not run again, and said interrupted', async () => {
    createCommandMemory(() => storage).recordRan(1, null);
    const r = runner();
    r.receive(command(1, 'rebuild'));
    await r.idle();
    expect(log).toEqual([]);
    expect(sent).toEqual([
      { devid: DEVID, commandId: 1, ack: { status: 'failed', reason: INTERRUPTED_REASON } },
    ]);
  });

  it('runs them one at a time, in arrival order', async () => {
    let release!: () => void;
    const r = runner({
      rebuild: () =>
        new Promise<KioskCommandAck>((resolve) => {
          log.push('rebuild started');
          release = () => {
            log.push('rebuild over');
            resolve({ status: 'done' });
          };
        }),
    });
    r.receive(command(1, 'rebuild'));
    r.receive(command(2, 'identify'));
    r.receive(command(3, 'set-mode', { mode: 'visiteur' }));
    await vi.waitFor(() => expect(log).toEqual(['rebuild started']));
    release();
    await r.idle();
    expect(log.map((line) => line.split(' ')[0])).toEqual([
      'rebuild',
      'rebuild',
      'identify',
      'set-mode',
    ]);
    expect(sent.map((s) => s.commandId)).toEqual([1, 2, 3]);
  });

  it('never runs a command after its expiresAt: it is acknowledged failed « expirée »', async () => {
    const r = runner();
    r.receive(command(1, 'reload', { expiresAt: new Date(NOW).toISOString() }));
    r.receive(command(2, 'set-mode', { mode: 'Moulage', expiresAt: '2026-11-27T14:00:00.000Z' }));
    await r.idle();
    expect(log).toEqual([]);
    expect(sent.map((s) => s.ack)).toEqual([
      { status: 'failed', reason: EXPIRED_REASON },
      { status: 'failed', reason: EXPIRED_REASON },
    ]);
  });

  it('a failed command is acknowledged with its reason (a throw included, cut to 300)', async () => {
    const r = runner({
      resync: async () => ({ status: 'failed', reason: 'Serveur indisponible' }),
      rebuild: async () => {
        throw new Error('x'.repeat(400));
      },
    });
    r.receive(command(1, 'resync'));
    r.receive(command(2, 'rebuild'));
    await r.idle();
    expect(sent[0]!.ack).toEqual({ status: 'failed', reason: 'Serveur indisponible' });
    expect(sent[1]!.ack.status).toBe('failed');
    expect(sent[1]!.ack.reason).toHaveLength(300);
  });

  it('reload: noted as run and acknowledged BEFORE the page reloads', async () => {
    const r = runner({
      reload: () => {
        log.push(`reload after ack: ${sent.length}`);
        log.push(`ran: ${JSON.stringify(createCommandMemory(() => storage).ran(1))}`);
      },
    });
    r.receive(command(1, 'reload'));
    await r.idle();
    expect(log).toEqual([
      'reload after ack: 1',
      `ran: ${JSON.stringify({ commandId: 1, ack: { status: 'done' } })}`,
    ]);
  });

  it('offline, keeps the acknowledgement and sends it at the next start (flushAcks)', async () => {
    ackFailure = offline;
    const first = runner();
    first.receive(command(1, 'identify'));
    first.receive(command(2, 'reload'));
    await first.idle();
    expect(sent).toEqual([]);
    expect(log).toHaveLength(2);
    expect(JSON.parse(storage.getItem(storageKeys.commandAcksPending)!)).toHaveLength(2);

    // Still offline: nothing sent, nothing lost.
    await first.flushAcks();
    expect(JSON.parse(storage.getItem(storageKeys.commandAcksPending)!)).toHaveLength(2);

    // Back online, after the reload.
    ackFailure = undefined;
    await runner().flushAcks();
    expect(sent).toEqual([
      { devid: DEVID, commandId: 1, ack: { status: 'done' } },
      { devid: DEVID, commandId: 2, ack: { status: 'done' } },
    ]);
    expect(JSON.parse(storage.getItem(storageKeys.commandAcksPending)!)).toEqual([]);
    // Nothing ran again.
    expect(log).toHaveLength(2);
  });

  it('drops an acknowledgement the server refuses for good (403, 404); keeps one after a 503', async () => {
    const r = runner();
    ackFailure = () => new ApiError(403, 'Commande d’un autre totem', 'forbidden');
    r.receive(command(1, 'identify'));
    await r.idle();
    ackFailure = () => new ApiError(503, 'Indisponible');
    r.receive(command(2, 'identify'));
    await r.idle();
    const pending = JSON.parse(storage.getItem(storageKeys.commandAcksPending)!) as Sent[];
    expect(pending.map((p) => p.commandId)).toEqual([2]);
  });

  it('flushes only its own development’s acknowledgements', async () => {
    const memory = createCommandMemory(() => storage);
    memory.addPendingAck({ devid: 99, commandId: 5, ack: { status: 'done' } });
    memory.addPendingAck({ devid: DEVID, commandId: 6, ack: { status: 'done' } });
    await runner().flushAcks();
    expect(sent.map((s) => s.commandId)).toEqual([6]);
    expect(memory.pendingAcks().map((p) => p.commandId)).toEqual([5]);
  });

  it('after stop, runs nothing more', async () => {
    const r = runner();
    r.stop();
    r.receive(command(1, 'reload'));
    await r.idle();
    expect(log).toEqual([]);
  });
});

describe('command memory', () => {
  it(`remembers the last ${RAN_COMMANDS_KEPT} commands run, and survives junk in storage`, () => {
    const memory = createCommandMemory(() => storage);
    for (let id = 1; id <= RAN_COMMANDS_KEPT + 5; id++) memory.recordRan(id, { status: 'done' });
    expect(memory.ran(5)).toBeNull();
    expect(memory.ran(6)).toEqual({ commandId: 6, ack: { status: 'done' } });
    expect(memory.ran(RAN_COMMANDS_KEPT + 5)).not.toBeNull();
    storage.setItem(storageKeys.commandsRan, 'not json');
    expect(memory.ran(6)).toBeNull();
    storage.setItem(storageKeys.commandsRan, JSON.stringify([{ commandId: 'x' }, 3]));
    expect(memory.ran(3)).toBeNull();
  });

  it('storage that throws only loses the memory', () => {
    const memory = createCommandMemory(() => {
      throw new Error('disabled');
    });
    expect(() => memory.recordRan(1, null)).not.toThrow();
    expect(memory.ran(1)).toBeNull();
  });
});
