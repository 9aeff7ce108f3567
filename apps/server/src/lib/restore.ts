/**
 * Restoring a backup (backup.ts) into DATA_DIR and the SQLite file of DATABASE_URL.
 *
 * A restore checks the whole backup (manifest, every checksum, no file that the manifest does not
 * name, the database's own integrity check) before it touches the data directory, so a corrupt or
 * partial backup is refused and leaves the target as it was. Over a non-empty data directory
 * (`force`), what it replaces is moved aside, never deleted.
 */
import { execFile } from 'node:child_process';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { ServerConfig } from '../config.js';
import {
  BACKUP_DATABASE_FILE,
  BACKUP_FOLDERS,
  BackupError,
  databaseFacts,
  exists,
  isEmptyDirectory,
  listFiles,
  MANIFEST_FILE,
  parseManifest,
  refusePostgres,
  sha256File,
  type BackupManifest,
  type ManifestFile,
} from './backup-manifest.js';

const run = promisify(execFile);

/** Checks an unpacked backup against its manifest; returns the manifest. */
export async function verifyBackupDirectory(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`No ${MANIFEST_FILE} in the backup: it is incomplete or not a backup`);
  }
  const manifest = parseManifest(text);
  const expected = new Map<string, ManifestFile>(
    [manifest.database, ...manifest.files].map((file) => [file.path, file]),
  );
  const present = [
    BACKUP_DATABASE_FILE,
    ...(await Promise.all(BACKUP_FOLDERS.map((folder) => listFiles(dir, folder)))).flat(),
  ];
  const top = (await readdir(dir)).filter(
    (name) =>
      name !== MANIFEST_FILE &&
      name !== BACKUP_DATABASE_FILE &&
      !BACKUP_FOLDERS.includes(name as (typeof BACKUP_FOLDERS)[number]),
  );
  if (top.length > 0) throw new BackupError(`Unexpected file in the backup: ${top[0]}`);
  for (const path of present) {
    if (!expected.has(path)) throw new BackupError(`Unexpected file in the backup: ${path}`);
  }
  for (const file of expected.values()) {
    const full = join(dir, file.path);
    let info;
    try {
      info = await lstat(full);
    } catch {
      throw new BackupError(`Missing from the backup: ${file.path} (the backup is incomplete)`);
    }
    if (!info.isFile()) throw new BackupError(`${file.path} is not a regular file in the backup`);
    if (info.size !== file.size || (await sha256File(full)) !== file.sha256) {
      throw new BackupError(`${file.path} does not match its checksum: the backup is damaged`);
    }
  }
  const facts = databaseFacts(join(dir, BACKUP_DATABASE_FILE));
  if (JSON.stringify(facts.developments) !== JSON.stringify(manifest.developments)) {
    throw new BackupError('The database does not hold the developments the manifest lists');
  }
  return manifest;
}

export interface RestoreOptions {
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'mediaDir' | 'secretsDir'>;
  /** A `.tar.gz`/`.tgz` written by createBackup, or a backup directory. */
  source: string;
  /** Replace the database, media and secrets of a non-empty data directory. */
  force?: boolean;
  now?: () => Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** With `force`: where the replaced database, media and secrets were moved. */
  replacedInto?: string;
}

/** A rename, or a copy when the two paths are on different file systems (DATABASE_URL elsewhere). */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** What a data directory holds that a restore writes (the database's WAL files included). */
function managedPaths(config: RestoreOptions['config']): string[] {
  const db = config.databaseUrl;
  return [db, `${db}-wal`, `${db}-shm`, config.mediaDir, config.secretsDir];
}

/** Restores a backup into DATA_DIR (and the SQLite file of DATABASE_URL). */
export async function restoreBackup({
  config,
  source,
  force = false,
  now = () => new Date(),
}: RestoreOptions): Promise<RestoreResult> {
  refusePostgres(config, 'restore');
  let info;
  try {
    info = await stat(source);
  } catch {
    throw new BackupError(`No backup at ${source}`);
  }
  const occupied = !(await isEmptyDirectory(config.dataDir)) || (await exists(config.databaseUrl));
  if (occupied && !force) {
    throw new BackupError(
      `${config.dataDir} is not empty: restore into an empty (or new) DATA_DIR, or stop the server and pass --force to replace its database, media and secrets (they are kept aside, not deleted).`,
    );
  }

  // Unpacked next to the data directory, on the same file system, so that it moves in by renames.
  await mkdir(config.dataDir, { recursive: true });
  const work = await mkdtemp(join(config.dataDir, '.restore-'));
  try {
    let dir = source;
    if (info.isFile()) {
      dir = join(work, 'unpacked');
      await mkdir(dir);
      try {
        // No owners or modes from the archive; GNU tar refuses absolute and `..` member names.
        await run('tar', ['-xzf', source, '-C', dir, '--no-same-owner', '--no-same-permissions']);
      } catch (error) {
        const detail = String((error as { stderr?: unknown }).stderr ?? (error as Error).message)
          .trim()
          .split('\n')[0];
        throw new BackupError(`${basename(source)} is not a readable backup archive (${detail})`);
      }
    } else if (!info.isDirectory()) {
      throw new BackupError(`${source} is neither a backup archive nor a backup directory`);
    }
    const manifest = await verifyBackupDirectory(dir);

    // Everything checked: from here on the target changes. Stage a full copy first.
    const staged = join(work, 'staged');
    await mkdir(staged);
    await cp(join(dir, BACKUP_DATABASE_FILE), join(staged, 'database'));
    for (const folder of BACKUP_FOLDERS) {
      if (await exists(join(dir, folder)))
        await cp(join(dir, folder), join(staged, folder), { recursive: true });
      else await mkdir(join(staged, folder));
    }
    await chmod(join(staged, 'secrets'), 0o700);
    for (const file of await listFiles(staged, 'secrets')) await chmod(join(staged, file), 0o600);

    let replacedInto: string | undefined;
    if (occupied) {
      replacedInto = join(
        config.dataDir,
        `replaced-by-restore-${now().toISOString().replace(/[:.]/g, '-')}`,
      );
      await mkdir(replacedInto);
      for (const path of managedPaths(config)) {
        if (await exists(path)) await move(path, join(replacedInto, basename(path)));
      }
    }
    await mkdir(dirname(config.databaseUrl), { recursive: true });
    await move(join(staged, 'database'), config.databaseUrl);
    await rename(join(staged, 'media'), config.mediaDir);
    await rename(join(staged, 'secrets'), config.secretsDir);
    return { manifest, replacedInto };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
