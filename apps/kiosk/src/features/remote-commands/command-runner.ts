/**
 * The totem's side of remote commands (issue 47; the contract's kiosk-commands.ts is the spec).
 *
 * The stream hands every `command` message of the development here; the runner:
 *
 * - ignores a command for another totem (its `kioskId` is not this totem's);
 * - runs the others one at a time, in the order they arrived (a queue: a `rebuild` then an
 *   `identify` do not overlap);
 * - never runs a command twice (command-memory.ts): one seen again — the server sends a command
 *   until it is acknowledged — is only acknowledged again, with the same answer;
 * - never runs one after its `expiresAt`, checked when its turn comes: it is acknowledged
 *   « failed: expirée » instead, so the back-office learns that the totem got it too late (the
 *   server keeps its own state if it already marked the command expired);
 * - acknowledges each (`kioskCommandAck`): done, or failed with a reason. An acknowledgement is
 *   kept until the server took it, and sent again at the next start or return online
 *   (`flushAcks`); one the server refuses for good (a 4xx: another totem's, an unknown command)
 *   is dropped.
 *
 * `reload` is noted as run and acknowledged BEFORE the page reloads (afterwards nothing of this
 * page runs). A command never interrupts an emergency alert: the takeover is mounted above
 * everything and stays (the identify overlay is under it, a mode change happens beneath it), and
 * a reload comes back into it because the alert is latched in storage (alert-store.ts).
 */
import {
  type CommandMessage,
  type KioskCommandAck,
  type KioskCommandMode,
  type WatchdogCommandKind,
} from '@plant-kiosk/contract';
import { ApiError, type ApiClient } from '../../lib/api/api-client';
import { createCommandMemory, type CommandMemory, type StorageSource } from './command-memory';
import type { Identification } from './identify-store';

/** The contract's limit on an acknowledgement's reason. */
export const ACK_REASON_MAX = 300;
export const EXPIRED_REASON = 'expirée';
export const INTERRUPTED_REASON = 'interrompue (la page a été rechargée)';

/** What each kind of command does on this totem (kiosk-services.ts wires the real ones). */
export interface CommandActions {
  /** Reloads the page (never returns in real life). */
  reload(): void;
  /** A sync now; resolves with its outcome. */
  resync(): Promise<KioskCommandAck>;
  /** A full sync: the whole snapshot, written in one transaction. */
  rebuild(): Promise<KioskCommandAck>;
  identify(identification: Identification): void;
  setMode(mode: KioskCommandMode): void;
  /**
   * Draws the page now and sends the thumbnail with the command's id (issue 48; the server then
   * records the command done — this runner acknowledges it all the same, a repeat is harmless).
   * Rejects with the reason when it could not: the command is acknowledged failed with it.
   */
  thumbnail(commandId: number): Promise<KioskCommandAck>;
  /**
   * Restart the browser, reboot, screen off / on (issue 53): handed to the totem's watchdog;
   * resolves with its answer (failed at once on a totem without one). The browser and the machine
   * go down only after the watchdog gave the page time to acknowledge.
   */
  watchdog(kind: WatchdogCommandKind): Promise<KioskCommandAck>;
}

export interface CommandRunnerOptions {
  devid: number;
  /** This totem's id, read at each command (a login may change it). */
  kioskId: () => string;
  api: Pick<ApiClient, 'ackCommand'>;
  actions: CommandActions;
  now?: () => number;
  storage?: StorageSource;
}

export interface CommandRunner {
  /** A command message of this development (the stream client checked its shape). */
  receive(message: CommandMessage): void;
  /** Sends the acknowledgements the server has not received yet; never rejects. */
  flushAcks(): Promise<void>;
  /** Resolves once every command received so far has run (tests, and nothing else). */
  idle(): Promise<void>;
  /** Runs nothing more (the command under way finishes and is acknowledged). */
  stop(): void;
}

type Command = CommandMessage['command'];

/** A failure of the server that a later attempt will not change (a 4xx but the transient ones). */
function refusedForGood(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

export const failed = (reason: string): KioskCommandAck => ({
  status: 'failed',
  reason: reason.length > ACK_REASON_MAX ? `${reason.slice(0, ACK_REASON_MAX - 1)}…` : reason,
});

export function createCommandRunner(options: CommandRunnerOptions): CommandRunner {
  const { devid, api, actions } = options;
  const now = options.now ?? Date.now;
  const memory: CommandMemory = createCommandMemory(options.storage);
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();
  let flushing: Promise<void> | null = null;

  /** Sends one acknowledgement, kept as pending until the server has it (see the header). */
  async function acknowledge(commandId: number, ack: KioskCommandAck): Promise<void> {
    memory.addPendingAck({ devid, commandId, ack });
    try {
      await api.ackCommand(devid, commandId, ack);
      memory.removePendingAck(commandId);
    } catch (error) {
      if (refusedForGood(error)) {
        memory.removePendingAck(commandId);
        console.warn(`[commands] acknowledgement of command ${commandId} refused`, error);
      } else {
        console.warn(`[commands] acknowledgement of command ${commandId} kept for later`, error);
      }
    }
  }

  async function execute(command: Command): Promise<KioskCommandAck> {
    switch (command.kind) {
      case 'resync':
        return actions.resync();
      case 'rebuild':
        return actions.rebuild();
      case 'identify':
        actions.identify({
          name: command.name ?? null,
          location: command.location ?? null,
          kioskId: options.kioskId(),
        });
        return { status: 'done' };
      case 'set-mode':
        // The stream client refuses a set-mode without a mode; kept for a hand-made message.
        if (command.mode === undefined) return failed('mode manquant');
        actions.setMode(command.mode);
        return { status: 'done' };
      case 'thumbnail':
        return actions.thumbnail(command.commandId);
      case 'reload':
        // Handled before (acknowledged first); not reached.
        return { status: 'done' };
      case 'restart-browser':
      case 'reboot':
      case 'screen-off':
      case 'screen-on':
        return actions.watchdog(command.kind);
    }
  }

  async function run(command: Command): Promise<void> {
    if (stopped) return;
    const { commandId } = command;
    const seen = memory.ran(commandId);
    if (seen) {
      // Run before (or begun before a reload): only the answer again.
      await acknowledge(commandId, seen.ack ?? failed(INTERRUPTED_REASON));
      return;
    }
    if (now() >= Date.parse(command.expiresAt)) {
      const ack = failed(EXPIRED_REASON);
      memory.recordRan(commandId, ack);
      await acknowledge(commandId, ack);
      return;
    }
    if (command.kind === 'reload') {
      const ack: KioskCommandAck = { status: 'done' };
      memory.recordRan(commandId, ack);
      await acknowledge(commandId, ack);
      actions.reload();
      return;
    }
    // Noted before it runs: a page that dies meanwhile does not run it again.
    memory.recordRan(commandId, null);
    let ack: KioskCommandAck;
    try {
      ack = await execute(command);
    } catch (error) {
      ack = failed(error instanceof Error ? error.message : String(error));
    }
    memory.recordRan(commandId, ack);
    await acknowledge(commandId, ack);
  }

  async function flush(): Promise<void> {
    for (const pending of memory.pendingAcks()) {
      // Another development's (a totem logged in elsewhere since): its token cannot send it.
      if (pending.devid !== devid) continue;
      try {
        await api.ackCommand(devid, pending.commandId, pending.ack);
        memory.removePendingAck(pending.commandId);
      } catch (error) {
        if (refusedForGood(error)) memory.removePendingAck(pending.commandId);
        // Offline or the server down: the rest waits for the next chance too.
        else return;
      }
    }
  }

  return {
    receive(message) {
      if (stopped || message.kioskId !== options.kioskId()) return;
      const { command } = message;
      queue = queue.then(() =>
        run(command).catch((error: unknown) =>
          console.error(`[commands] command ${command.commandId} could not run`, error),
        ),
      );
    },
    flushAcks() {
      flushing ??= flush()
        .catch((error: unknown) => console.error('[commands] acknowledgements not sent', error))
        .finally(() => {
          flushing = null;
        });
      return flushing;
    },
    idle: () => queue,
    stop() {
      stopped = true;
    },
  };
}
