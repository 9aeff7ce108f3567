/**
 * Taking a backup of a SQLite deployment: the database, the media (DATA_DIR/media, PDFs
 * included) and the generated secrets (DATA_DIR/secrets), with a manifest that lists every file
 * with its size and SHA-256, the schema migrations and each development's content version
 * (backup-manifest.ts; restore.ts puts one back).
 *
 * The database copy is `VACUUM INTO`: one read transaction, so it is a consistent snapshot even
 * while the server keeps writing (WAL mode lets writers go on), and unlike the page-by-page
 * backup API it never restarts under a steady stream of writes. The copy's TABLES_NOT_BACKED_UP
 * (the totems' thumbnails) are then emptied and the copy vacuumed again, so that none of their
 * bytes is left in its free pages. An archive is written next to its target and renamed into
 * place, never left half-written.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { ServerConfig } from '../config.js';
import {
  BACKUP_DATABASE_FILE,
  BACKUP_FOLDERS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  databaseFacts,
  exists,
  isEmptyDirectory,
  listFiles,
  MANIFEST_FILE,
  refusePostgres,
  sha256File,
  TABLES_NOT_BACKED_UP,
  type BackupManifest,
  type ManifestFile,
} from './backup-manifest.js';

const run = promisify(execFile);

const isArchive = (path: string) => /\.(tar\.gz|tgz)$/i.test(path);

async function describeFile(root: string, path: string): Promise<ManifestFile> {
  const full = join(root, path);
  return { path, size: (await stat(full)).size, sha256: await sha256File(full) };
}

/** Empties the copy's tables a backup leaves out; vacuums it when that freed any page. */
function leaveOutTables(file: string): void {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    const tableExists = copy.prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
    );
    let deleted = 0;
    for (const table of TABLES_NOT_BACKED_UP) {
      // A database from before the table's migration has none.
      if (tableExists.get(table) === undefined) continue;
      deleted += copy.prepare(`DELETE FROM "${table}"`).run().changes;
    }
    // The deleted rows' bytes stay in free pages until a VACUUM rewrites the file.
    if (deleted > 0) copy.exec('VACUUM');
  } finally {
    copy.close();
  }
}

export interface BackupOptions {
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'appVersion'>;
  /** A `.tar.gz`/`.tgz` file to write, or a directory to create (it must not exist, or be empty). */
  target: string;
  now?: () => Date;
}

/** Takes a backup; returns its manifest. */
export async function createBackup({ config, target, now = () => new Date() }: BackupOptions) {
  refusePostgres(config, 'backup');
  const databaseFile = config.databaseUrl;
  if (!(await exists(databaseFile))) {
    throw new BackupError(`No database at ${databaseFile}: is DATA_DIR (or DATABASE_URL) right?`);
  }
  const archive = isArchive(target);
  if (archive ? await exists(target) : !(await isEmptyDirectory(target))) {
    throw new BackupError(
      `${target} already exists${archive ? '' : ' and is not empty'}: choose a new name`,
    );
  }
  // Next to the target: the archive is then renamed into place, never left half-written.
  const parent = dirname(resolve(target));
  await mkdir(parent, { recursive: true });
  const staging = archive
    ? await mkdtemp(join(parent, '.kiosk-backup-'))
    : (await mkdir(target, { recursive: true }), resolve(target));
  try {
    const copy = join(staging, BACKUP_DATABASE_FILE);
    const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('VACUUM INTO ?').run(copy);
    } finally {
      source.close();
    }
    leaveOutTables(copy);
    const { migrations, developments } = databaseFacts(copy);

    const files: ManifestFile[] = [];
    for (const folder of BACKUP_FOLDERS) {
      for (const path of await listFiles(config.dataDir, folder)) {
        const to = join(staging, path);
        await mkdir(dirname(to), { recursive: true });
        await cp(join(config.dataDir, path), to, { preserveTimestamps: true });
        // Checksums of the copies: what the backup holds, even if a file changed meanwhile.
        files.push(await describeFile(staging, path));
      }
    }
    if (await exists(join(staging, 'secrets'))) await chmod(join(staging, 'secrets'), 0o700);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: config.appVersion,
      createdAt: now().toISOString(),
      database: {
        ...(await describeFile(staging, BACKUP_DATABASE_FILE)),
        dialect: 'sqlite',
        migrations,
      },
      developments,
      files,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });

    if (archive) {
      const partial = `${resolve(target)}.partial-${randomBytes(4).toString('hex')}`;
      try {
        await run('tar', ['-czf', partial, '-C', staging, '.']);
        await chmod(partial, 0o600);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    }
    return manifest;
  } catch (error) {
    if (!archive) await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (archive) await rm(staging, { recursive: true, force: true });
  }
}
