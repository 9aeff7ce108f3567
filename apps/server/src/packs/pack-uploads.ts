/**
 * The packs uploaded from the back-office and waiting for their confirmation (issue 44, part 2):
 * each in a private folder `DATA_DIR/media/.tmp/import-<token>` (a dot folder: the static routes
 * never serve it; on DATA_DIR's file system, so that the reader's extracted media can be linked
 * into place) holding `pack.zip` and `upload.json` — who uploaded it, when, for which target.
 * Nothing of it is in the database: an instance sharing DATA_DIR (PostgreSQL scale-out) finds the
 * upload as well.
 *
 * A confirmation first renames the folder to `importing-<token>`: a rename is atomic, so a pack
 * confirmed twice at once is imported once. Uploads older than PACK_UPLOAD_TTL_MINUTES are
 * removed at the next upload, and refused if confirmed late.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACK_UPLOAD_TTL_MINUTES } from '@plant-kiosk/contract';

export const PACK_UPLOAD_TTL_MS = PACK_UPLOAD_TTL_MINUTES * 60_000;
/** A folder left by an import cut short (the process stopped) goes after a day. */
const IMPORTING_TTL_MS = 24 * 3600_000;
const TOKEN = /^[0-9a-f]{32}$/;

export type UploadTarget = { into: number } | { as: string };

export interface UploadRecord {
  token: string;
  userid: number;
  createdAt: string;
  fileName: string;
  bytes: number;
  target: UploadTarget;
}

export const tempRoot = (mediaDir: string) => join(mediaDir, '.tmp');
const uploadFolder = (mediaDir: string, token: string) =>
  join(tempRoot(mediaDir), `import-${token}`);

export const packFileOf = (folder: string) => join(folder, 'pack.zip');

/** A new upload's token and its (created, empty) folder. */
export async function newUpload(mediaDir: string): Promise<{ token: string; folder: string }> {
  await mkdir(tempRoot(mediaDir), { recursive: true });
  const token = randomBytes(16).toString('hex');
  const folder = uploadFolder(mediaDir, token);
  await mkdir(folder, { mode: 0o700 });
  return { token, folder };
}

export async function writeRecord(folder: string, record: UploadRecord): Promise<void> {
  await writeFile(join(folder, 'upload.json'), JSON.stringify(record), { mode: 0o600 });
}

async function readRecord(folder: string): Promise<UploadRecord | null> {
  try {
    return JSON.parse(await readFile(join(folder, 'upload.json'), 'utf8')) as UploadRecord;
  } catch {
    return null;
  }
}

export const isExpired = (record: UploadRecord, now: Date) =>
  now.getTime() - Date.parse(record.createdAt) > PACK_UPLOAD_TTL_MS;

/**
 * Removes the uploads nobody confirmed in time, and what an import cut short left. A folder
 * without a readable record is judged by its age on disk.
 */
export async function sweepUploads(mediaDir: string, now: Date): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tempRoot(mediaDir));
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const folder = join(tempRoot(mediaDir), name);
      if (name.startsWith('import-')) {
        const record = await readRecord(folder);
        if (record ? !isExpired(record, now) : !(await olderThan(folder, PACK_UPLOAD_TTL_MS))) {
          return;
        }
      } else if (!name.startsWith('importing-') || !(await olderThan(folder, IMPORTING_TTL_MS))) {
        return;
      }
      await rm(folder, { recursive: true, force: true });
    }),
  );
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}

/** The waiting upload of `token` (null when unknown, already used, or the token malformed). */
export async function findUpload(
  mediaDir: string,
  token: string,
): Promise<{ folder: string; record: UploadRecord } | null> {
  if (!TOKEN.test(token)) return null;
  const folder = uploadFolder(mediaDir, token);
  const record = await readRecord(folder);
  return record && record.token === token ? { folder, record } : null;
}

/**
 * Takes the upload for its import: the folder is renamed, so that no other confirmation finds it.
 * Null when another one took it first.
 */
export async function claimUpload(mediaDir: string, token: string): Promise<string | null> {
  const claimed = join(tempRoot(mediaDir), `importing-${token}`);
  try {
    await rename(uploadFolder(mediaDir, token), claimed);
    return claimed;
  } catch {
    return null;
  }
}

export const removeFolder = (folder: string) => rm(folder, { recursive: true, force: true });
