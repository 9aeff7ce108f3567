/**
 * Where the kiosk keeps what survives a reload (the session, the mode and parcours, the latched
 * alert, the sync's memory): the browser's localStorage on a totem; in a preview (issue 46), a
 * storage of its own that lives in memory, seeded with the mode the back-office asked — a preview
 * opened on a real totem's browser never reads nor changes that totem's keys, and closing it
 * leaves nothing behind.
 *
 * `kioskStorage()` may throw like `window.localStorage` does (storage disabled): callers keep
 * their try/catch.
 */
import { KIOSK_ID_STORAGE_KEY } from '@plant-kiosk/contract';
import { isPreview, previewRequest } from '../preview/preview-request';
import type { KioskMode } from '../ui-store/ui-store';

/**
 * The local storage keys of docs/product.md#content-model. The key names are part of the product
 * (the e2e tests and field technicians read them), so they are built here only.
 */
export const storageKeys = {
  jwt: (devname: string) => `jwt-${devname}`,
  devid: (devname: string) => `devid-${devname}`,
  /**
   * The token of the last session, kept after a logout (issue 47): the next login presents it so
   * that the totem keeps the identity the server gave it (decision 015).
   */
  previousJwt: (devname: string) => `previous-jwt-${devname}`,
  /**
   * This totem's own settings as last read (issue 47: its name, place and « Vous êtes ici »
   * points; not content, so no sync holds them), for a start offline.
   */
  ownSettings: (devname: string) => `own-settings-${devname}`,
  parcours: 'parcours',
  totem: 'totem',
  /** Same key as the contract's KIOSK_ID_STORAGE_KEY (the fleet view documents it). */
  kioskId: KIOSK_ID_STORAGE_KEY,
  /**
   * Remote commands (issue 47): the last ids this totem ran, with their acknowledgement, so that
   * a command sent again is acknowledged again and never run twice (a JSON list, bounded).
   */
  commandsRan: 'remote-commands-ran',
  /**
   * Acknowledgements of remote commands the server has not received yet (offline, or cut by a
   * reload): sent at the next start or return online.
   */
  commandAcksPending: 'remote-command-acks-pending',
  /**
   * Power cuts (issue 53, decision 051): a small copy of the emergency-numbers zone (its images'
   * URLs and text alternatives), written after each sync that holds it, shown while the local
   * database is being rebuilt (features/emergency-fallback).
   */
  emergencyFallback: (devname: string) => `emergency-fallback-${devname}`,
  /**
   * The totem's watchdog (issue 53, decision 052): what it did (reloaded the page, restarted the
   * browser, rebooted), kept until a heartbeat took it to the fleet page (a JSON list, bounded).
   */
  watchdogEvents: 'watchdog-events',
} as const;

/** A Storage in memory: the Web Storage interface over a Map. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

let previewStorage: MemoryStorage | null = null;

/** The preview's storage: its mode (the spec's plain keys) and an id that is no totem's. */
function createPreviewStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  let mode: KioskMode | null = null;
  try {
    mode = previewRequest()?.mode ?? null;
  } catch {
    // A badly asked preview shows its error screen; its storage stays empty.
  }
  if (mode === 'visiteur') storage.setItem(storageKeys.parcours, 'visiteur');
  else if (mode !== null) storage.setItem(storageKeys.totem, mode);
  storage.setItem(storageKeys.kioskId, 'apercu');
  return storage;
}

/** The storage the kiosk's keys live in (see the header). */
export function kioskStorage(): Storage {
  if (!isPreview()) return window.localStorage;
  previewStorage ??= createPreviewStorage();
  return previewStorage;
}
