/**
 * The kiosk's login session and the other local storage keys of docs/product.md#content-model. The key names are part of
 * the product (the e2e tests and field technicians read them), so they are built here only.
 */
import { isPreview } from '../preview/preview-request';
import { kioskStorage, storageKeys } from '../storage/kiosk-storage';
import { mirrorSession, restoreSession } from './durable-session';

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

function writeSession(devname: string, token: string, devid: number): void {
  write(storageKeys.jwt(devname), token);
  write(storageKeys.devid(devname), String(devid));
}

/**
 * Mirrors the session to its durable copy (durable-session.ts: a power cut right after a login
 * must not lose it). Not for the back-office's preview, which is no totem.
 */
function mirror(devname: string, session: Session | null): void {
  if (isPreview()) return;
  void mirrorSession(devname, session);
}

export function saveSession(devname: string, token: string, devid: number): void {
  writeSession(devname, token, devid);
  mirror(devname, { token, devid });
}

/**
 * At start, before the first screen: a session localStorage lost (a power cut before Chromium
 * wrote it to disk) is taken back from the durable copy. True when it was.
 */
export function restoreDurableSession(devname: string): Promise<boolean> {
  if (isPreview()) return Promise.resolve(false);
  return restoreSession(devname, readSession(devname), (session) =>
    writeSession(devname, session.token, session.devid),
  );
}

/**
 * The token a login presents (in the `token` header) so that the totem keeps its identity
 * (issue 47, decision 015): the stored one, or the one of the last session. The server keeps the
 * id only when the token's signature holds for this development, expired or revoked alike.
 */
export function previousToken(devname: string): string | null {
  return read(storageKeys.jwt(devname)) ?? read(storageKeys.previousJwt(devname));
}

/** A new token for the same session (the heartbeat's answer to a token without identity). */
export function replaceToken(devname: string, token: string): void {
  write(storageKeys.jwt(devname), token);
  const session = readSession(devname);
  if (session) mirror(devname, session);
}

export function clearSession(devname: string): void {
  // Kept for the next login, which presents it to keep the totem's identity.
  const token = read(storageKeys.jwt(devname));
  if (token) write(storageKeys.previousJwt(devname), token);
  remove(storageKeys.jwt(devname));
  remove(storageKeys.devid(devname));
  mirror(devname, null);
}

function randomId(): string {
  // crypto.randomUUID only exists in secure contexts; a totem may load the kiosk over plain http.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let memoryKioskId: string | null = null;

/**
 * The id the server gave this totem at login (issue 47): from then on the only one its token may
 * report under, so it replaces the one the kiosk made up (a server that predates identities gives
 * none, and the made-up one stays).
 */
export function saveKioskId(kioskId: string): void {
  memoryKioskId = kioskId;
  write(storageKeys.kioskId, kioskId);
}

/**
 * The totem's id, sent with its heartbeat and on its stream: the server's (saveKioskId), or — before
 * a login on a server that gives one — a stable random id, which a token issued before identities
 * is bound to on its first heartbeat.
 */
export function getKioskId(): string {
  const stored = read(storageKeys.kioskId);
  if (stored) return stored;
  // Storage unavailable: the id given at login (or made up) for this page's life.
  const id = memoryKioskId ?? randomId();
  memoryKioskId = id;
  write(storageKeys.kioskId, id);
  return id;
}
