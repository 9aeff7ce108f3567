/**
 * What a backup is, shared by taking one (backup.ts) and restoring one (restore.ts): its layout
 * (the database as kiosk.sqlite, the folders of DATA_DIR it copies whole, manifest.json), its
 * manifest and how it is read back, the error an operator can act on, and the file and database
 * readings both sides make of it (checksums, the files of a folder, the database's integrity,
 * migrations and content versions).
 *
 * PostgreSQL deployments back up their database with pg_dump (docs/deployment.md); backup and
 * restore refuse them rather than copy half of it. Neither kind keeps TABLES_NOT_BACKED_UP's rows.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import SQLite from 'better-sqlite3';
import type { ServerConfig } from '../config.js';

export const BACKUP_FORMAT = 'plant-kiosk-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The database's name inside a backup, whatever its name in the deployment. */
export const BACKUP_DATABASE_FILE = 'kiosk.sqlite';
/** What a backup holds besides the database: folders of DATA_DIR, copied whole. */
export const BACKUP_FOLDERS = ['media', 'secrets'] as const;

/**
 * Tables whose rows a backup leaves out (their definition stays, empty): the totems' thumbnails
 * (decision 043) are pictures of a moment, worth nothing after a restore, and may show what a
 * session wrote on a PDF (docs/privacy.md). SQLite: emptied in the copy (backup.ts); PostgreSQL:
 * PG_DUMP_EXCLUDE_OPTIONS.
 */
export const TABLES_NOT_BACKED_UP = ['kiosk_thumbnails'] as const;

/**
 * What pg_dump is told so that a PostgreSQL backup leaves the same rows out. Schema `*`: an
 * unqualified name matches only a table on pg_dump's search path, and a deployment's schema may
 * not be on it (one schema per instance, chosen in DATABASE_URL or by the role).
 */
export const PG_DUMP_EXCLUDE_OPTIONS = TABLES_NOT_BACKED_UP.map(
  (table) => `--exclude-table-data=*.${table}`,
);

/** The same, quoted for a shell (the `*` is pg_dump's, not the shell's). */
const PG_DUMP_SHELL_OPTIONS = PG_DUMP_EXCLUDE_OPTIONS.map((option) => `'${option}'`).join(' ');

export interface ManifestFile {
  /** Path inside the backup, with forward slashes ("media/pdf/guide.pdf"). */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** Version of the product that wrote it. */
  appVersion: string;
  createdAt: string;
  database: ManifestFile & { dialect: 'sqlite'; migrations: string[] };
  developments: Array<{ devid: number; devname: string; contentVersion: number }>;
  /** Media and secrets. */
  files: ManifestFile[];
}

/** A problem the operator can act on; the CLI prints its message alone. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** Refuses a deployment with nothing on disk to copy: PostgreSQL, or an in-memory database. */
export function refusePostgres(config: Pick<ServerConfig, 'databaseUrl'>, what: string): void {
  if (isPostgres(config.databaseUrl)) {
    throw new BackupError(
      `DATABASE_URL is PostgreSQL: ${what} covers SQLite deployments only. Back up the database ` +
        `with pg_dump ${PG_DUMP_SHELL_OPTIONS} and DATA_DIR/media and DATA_DIR/secrets with any ` +
        'file backup; see docs/deployment.md, "Backup and restore".',
    );
  }
  if (config.databaseUrl === ':memory:') {
    throw new BackupError(`DATABASE_URL is ':memory:': there is nothing on disk to ${what}.`);
  }
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Regular files under `root/folder`, as backup paths; anything else (links, sockets) is refused. */
export async function listFiles(root: string, folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const path = relative(root, full).split(sep).join('/');
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(path);
      else throw new BackupError(`${path} is neither a file nor a folder: refusing to copy it`);
    }
  };
  await walk(join(root, folder));
  return out.sort();
}

/** Reads a database copy (after its integrity check): its migrations and developments. */
export function databaseFacts(file: string): Pick<BackupManifest, 'developments'> & {
  migrations: string[];
} {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError(`the database copy fails its integrity check: ${String(check)}`);
    const migrations = (
      db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>
    ).map((row) => row.name);
    const developments = (
      db
        .prepare('SELECT devid, devname, content_version FROM developments ORDER BY devid')
        .all() as Array<{ devid: number; devname: string; content_version: number }>
    ).map((row) => ({
      devid: row.devid,
      devname: row.devname,
      contentVersion: row.content_version,
    }));
    return { migrations, developments };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the database copy cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

export async function isEmptyDirectory(path: string): Promise<boolean> {
  try {
    // lost+found: a data directory that is its own file system has one from the start.
    return (await readdir(path)).filter((name) => name !== 'lost+found').length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads a manifest, refusing one this version cannot restore or that names a file out of place. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} is not valid JSON: the backup is damaged`);
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (!manifest || typeof manifest !== 'object' || manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`${MANIFEST_FILE} is not a plant kiosk backup manifest`);
  }
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `Backup format version ${String(manifest.formatVersion)} is not supported (this version reads ${BACKUP_FORMAT_VERSION}): restore it with the version that wrote it (${String(manifest.appVersion)})`,
    );
  }
  const fileOk = (file: unknown): file is ManifestFile => {
    const f = file as Partial<ManifestFile> | null;
    return (
      !!f &&
      typeof f.path === 'string' &&
      typeof f.size === 'number' &&
      typeof f.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(f.sha256) &&
      // Only files under the known folders, with no way out of them.
      BACKUP_FOLDERS.some((folder) => f.path!.startsWith(`${folder}/`)) &&
      !f.path.split('/').some((part) => part === '..' || part === '' || part === '.')
    );
  };
  if (
    !manifest.database ||
    manifest.database.path !== BACKUP_DATABASE_FILE ||
    typeof manifest.database.sha256 !== 'string' ||
    !Array.isArray(manifest.files) ||
    !manifest.files.every(fileOk) ||
    !Array.isArray(manifest.developments)
  ) {
    throw new BackupError(`${MANIFEST_FILE} is incomplete or malformed: the backup is damaged`);
  }
  return manifest as BackupManifest;
}
