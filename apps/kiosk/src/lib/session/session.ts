/**
 * The kiosk's login session and the other local storage keys of docs/product.md#content-model. The key names are part of
 * the product (the e2e tests and field technicians read them), so they are built here only.
 */
import { kioskStorage, storageKeys } from '../storage/kiosk-storage';

export { storageKeys };

export interface Session {
  token: string;
  devid: number;
}

// localStorage can throw (storage disabled, quota): a kiosk must still run, just without memory.
function read(key: string): string | null {
  try {
    return kioskStorage().getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    kioskStorage().setItem(key, value);
  } catch (error) {
    console.error(`[session] could not store ${key}`, error);
  }
}

function remove(key: string): void {
  try {
    kioskStorage().removeItem(key);
  } catch {
    // Nothing to do: the key cannot be there either.
  }
}

/** The stored token and development id, or null when the kiosk has to show the login page. */
export function readSession(devname: string): Session | null {
  const token = read(storageKeys.jwt(devname));
  const devidText = read(storageKeys.devid(devname));
  if (!token || devidText === null) return null;
  const devid = Number(devidText);
  if (!Number.isInteger(devid) || devid < 1) return null;
  return { token, devid };
}

export function saveSession(devname: string, token: string, devid: number): void {
  write(storageKeys.jwt(devname), token);
  write(storageKeys.devid(devname), String(devid));
}

export function clearSession(devname: string): void {
  remove(storageKeys.jwt(devname));
  remove(storageKeys.devid(devname));
}

function randomId(): string {
  // crypto.randomUUID only exists in secure contexts; a totem may load the kiosk over plain http.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let memoryKioskId: string | null = null;

/** A stable random id of this totem, sent to the stream so the fleet view can tell totems apart. */
export function getKioskId(): string {
  const stored = read(storageKeys.kioskId);
  if (stored) return stored;
  const id = memoryKioskId ?? randomId();
  memoryKioskId = id;
  write(storageKeys.kioskId, id);
  return id;
}
