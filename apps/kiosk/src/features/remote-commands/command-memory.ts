/**
 * What a totem remembers of its remote commands (issue 47) across reloads, in kiosk storage:
 *
 * - the commands it ran (their ids, newest last, and the acknowledgement it gave): the server sends
 *   a command again until it is acknowledged (a reconnection, an acknowledgement lost offline), and
 *   a command seen again is acknowledged again, never run twice. A command is written here BEFORE
 *   it runs, so a page that dies mid-command (a reload, a crash) does not run it again either;
 * - the acknowledgements the server has not received yet: each is written here before it is sent
 *   and removed once the server answered, so one sent while offline — or cut by the page's own
 *   reload — goes out at the next start or return online.
 *
 * Both lists are bounded (the oldest go): a totem runs for months. Storage that throws (disabled,
 * full) only loses the memory: the kiosk goes on.
 */
import type { KioskCommandAck } from '@plant-kiosk/contract';
import { kioskStorage, storageKeys } from '../../lib/storage/kiosk-storage';

/** How many commands a totem remembers having run (far more than a day's worth). */
export const RAN_COMMANDS_KEPT = 200;
/** How many unsent acknowledgements it keeps. */
export const PENDING_ACKS_KEPT = 200;

export interface RanCommand {
  commandId: number;
  /** The acknowledgement given; null while it runs (or if the page died while it ran). */
  ack: KioskCommandAck | null;
}

export interface PendingAck {
  devid: number;
  commandId: number;
  ack: KioskCommandAck;
}

export type StorageSource = () => Storage;

const isAck = (value: unknown): value is KioskCommandAck => {
  const v = value as Partial<KioskCommandAck> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.status === 'done' || v.status === 'failed') &&
    (v.reason === undefined || typeof v.reason === 'string')
  );
};

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

function readList<T>(
  storage: StorageSource,
  key: string,
  valid: (item: unknown) => item is T,
): T[] {
  try {
    const text = storage().getItem(key);
    if (!text) return [];
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(valid) : [];
  } catch {
    return [];
  }
}

function writeList<T>(storage: StorageSource, key: string, list: readonly T[], kept: number): void {
  try {
    storage().setItem(key, JSON.stringify(list.slice(-kept)));
  } catch (error) {
    console.error(`[commands] could not store ${key}`, error);
  }
}

const isRan = (item: unknown): item is RanCommand => {
  const v = item as Partial<RanCommand> | null;
  return (
    typeof v === 'object' && v !== null && isId(v.commandId) && (v.ack === null || isAck(v.ack))
  );
};

const isPending = (item: unknown): item is PendingAck => {
  const v = item as Partial<PendingAck> | null;
  return typeof v === 'object' && v !== null && isId(v.devid) && isId(v.commandId) && isAck(v.ack);
};

export interface CommandMemory {
  /** The command if this totem ran it (or began to). */
  ran(commandId: number): RanCommand | null;
  /** Notes a command as run, with its acknowledgement once known (null: running). */
  recordRan(commandId: number, ack: KioskCommandAck | null): void;
  pendingAcks(): PendingAck[];
  addPendingAck(pending: PendingAck): void;
  removePendingAck(commandId: number): void;
}

export function createCommandMemory(storage: StorageSource = kioskStorage): CommandMemory {
  const ranList = () => readList(storage, storageKeys.commandsRan, isRan);
  const pendingList = () => readList(storage, storageKeys.commandAcksPending, isPending);
  return {
    ran: (commandId) => ranList().find((item) => item.commandId === commandId) ?? null,
    recordRan(commandId, ack) {
      // Moved to the end: the newest are the ones kept.
      const list = ranList().filter((item) => item.commandId !== commandId);
      list.push({ commandId, ack });
      writeList(storage, storageKeys.commandsRan, list, RAN_COMMANDS_KEPT);
    },
    pendingAcks: pendingList,
    addPendingAck(pending) {
      const list = pendingList().filter((item) => item.commandId !== pending.commandId);
      list.push(pending);
      writeList(storage, storageKeys.commandAcksPending, list, PENDING_ACKS_KEPT);
    },
    removePendingAck(commandId) {
      const list = pendingList();
      const kept = list.filter((item) => item.commandId !== commandId);
      if (kept.length !== list.length)
        writeList(storage, storageKeys.commandAcksPending, kept, PENDING_ACKS_KEPT);
    },
  };
}
