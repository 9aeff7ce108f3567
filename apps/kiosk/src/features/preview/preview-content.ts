/**
 * A preview's content (issue 46): the back-office's preview snapshot — the draft, what the totems
 * will show at a date, or live plus one scheduled change set — fetched with the back-office's
 * session (its cookie: the preview is opened from the back-office, same origin) and written to a
 * local database of its own, never a totem's.
 *
 * The database is named `apercu-<devid>-<opened at>-<random>`: each preview window has its own, it
 * is deleted when the window closes (pagehide), and one left behind by a crashed window is swept
 * by the next preview after PREVIEW_DB_MAX_AGE_MS.
 *
 * The snapshot is checked like a sync's (validateRecords) and written by the sync's own writer,
 * in one transaction: the screens read it exactly as they read a totem's content.
 */
import { pathOf, type Envelope, type Snapshot } from '@plant-kiosk/contract';
import Dexie from 'dexie';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { previewQueryOf, type PreviewRequest } from '../../lib/preview/preview-request';
import { validateRecords, writeRecords } from '../sync';

export const PREVIEW_DB_PREFIX = 'apercu-';
/** Older than this, a preview database is one whose window is gone (a crash, a killed tab). */
export const PREVIEW_DB_MAX_AGE_MS = 12 * 3_600_000;

/** A preview that cannot be shown, with the French sentence the preview's screen says. */
export class PreviewLoadError extends Error {
  override name = 'PreviewLoadError';

  constructor(
    message: string,
    /** The server's status; 0 when it did not answer. */
    readonly status: number,
  ) {
    super(message);
  }
}

function randomPart(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A new preview database's name. */
export function previewDbName(devid: number, now: number = Date.now()): string {
  return `${PREVIEW_DB_PREFIX}${devid}-${now}-${randomPart()}`;
}

/** When the preview database `name` was opened (epoch ms); null for any other name. */
export function previewDbOpenedAt(name: string): number | null {
  const match = /^apercu-\d+-(\d+)-[0-9a-f]+$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Deletes the preview databases left by windows that are gone (older than the maximum age). */
export async function sweepPreviewDbs(now: number = Date.now()): Promise<void> {
  const names = await Dexie.getDatabaseNames();
  for (const name of names) {
    const openedAt = previewDbOpenedAt(name);
    if (openedAt !== null && now - openedAt > PREVIEW_DB_MAX_AGE_MS) await Dexie.delete(name);
  }
}

/** Closes and deletes a preview's database (its window closes, or a new preview replaces it). */
export async function dropPreviewDb(name: string): Promise<void> {
  closeKioskDb(name);
  await Dexie.delete(name);
}

const SIGN_IN =
  'Aperçu impossible : la session du back-office est fermée. Reconnectez-vous au back-office, puis rouvrez l’aperçu.';
const UNREACHABLE =
  'Aperçu impossible : le serveur ne répond pas. Vérifiez la connexion, puis rechargez.';

/** The preview snapshot the back-office asks, or a PreviewLoadError saying why not. */
export async function fetchPreviewSnapshot(
  request: PreviewRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<Snapshot> {
  const path = pathOf('adminPreview', {
    params: { devid: request.devid },
    query: previewQueryOf(request.input),
  });
  let response: Response;
  try {
    // The back-office's session cookie travels with a same-origin request; nothing is cached.
    response = await fetchImpl(path, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new PreviewLoadError(UNREACHABLE, 0);
  }
  let body: Partial<Envelope<Snapshot>> | null = null;
  try {
    body = (await response.json()) as Partial<Envelope<Snapshot>>;
  } catch {
    // Not JSON (a proxy's page): said below by the status.
  }
  if (response.status === 401) throw new PreviewLoadError(SIGN_IN, 401);
  if (!response.ok || !body?.data) {
    const said = typeof body?.message === 'string' && body.message !== '' ? body.message : null;
    throw new PreviewLoadError(
      said ? `Aperçu impossible : ${said}` : `Aperçu impossible (erreur ${response.status}).`,
      response.status,
    );
  }
  return body.data;
}

/**
 * Writes `snapshot` to the preview database `dbName` (replacing what it held) with the sync's
 * checks and writer; a snapshot that fails the checks is a PreviewLoadError.
 */
export async function writePreviewContent(dbName: string, snapshot: Snapshot): Promise<void> {
  let records;
  try {
    records = validateRecords(snapshot);
  } catch (error) {
    throw new PreviewLoadError(
      `Aperçu impossible : le contenu reçu est invalide (${error instanceof Error ? error.message : String(error)}).`,
      200,
    );
  }
  await writeRecords(openKioskDb(dbName), records);
}
