/**
 * Backup and restore of a SQLite deployment: the database, the media (DATA_DIR/media, PDFs
 * included) and the generated secrets (DATA_DIR/secrets), with a manifest that lists every file
 * with its size and SHA-256, the schema migrations and each development's content version.
 *
 * The database copy is `VACUUM INTO`: one read transaction, so it is a consistent snapshot even
 * while the server keeps writing (WAL mode lets writers go on), and unlike the page-by-page
 * backup API it never restarts under a steady stream of writes.
 *
 * A restore checks the whole backup (manifest, every checksum, no file that the manifest does not
 * name, the database's own integrity check) before it touches the data directory, so a corrupt or
 * partial backup is refused and leaves the target as it was. PostgreSQL deployments back up their
 * database with pg_dump (docs/deployment.md); these commands refuse them rather than copy half of it.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
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
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { ServerConfig } from '../config.js';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'plant-kiosk-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The database's name inside a backup, whatever its name in the deployment. */
export const BACKUP_DATABASE_FILE = 'kiosk.sqlite';
/** What a backup holds besides the database: folders of DATA_DIR, copied whole. */
const FOLDERS = ['media', 'secrets'] as const;

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
const isArchive = (path: string) => /\.(tar\.gz|tgz)$/i.test(path);

function refusePostgres(config: Pick<ServerConfig, 'databaseUrl'>, what: string): void {
  if (isPostgres(config.databaseUrl)) {
    throw new BackupError(
      `DATABASE_URL is PostgreSQL: ${what} covers SQLite deployments only. Back up the database ` +
        'with pg_dump and DATA_DIR/media and DATA_DIR/secrets with any file backup; see ' +
        'docs/deployment.md, "Backup and restore".',
    );
  }
  if (config.databaseUrl === ':memory:') {
    throw new BackupError(`DATABASE_URL is ':memory:': there is nothing on disk to ${what}.`);
  }
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function describeFile(root: string, path: string): Promise<ManifestFile> {
  const full = join(root, path);
  return { path, size: (await stat(full)).size, sha256: await sha256File(full) };
}

/** Regular files under `root/folder`, as backup paths; anything else (links, sockets) is refused. */
async function listFiles(root: string, folder: string): Promise<string[]> {
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

function databaseFacts(file: string): Pick<BackupManifest, 'developments'> & {
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

async function isEmptyDirectory(path: string): Promise<boolean> {
  try {
    // lost+found: a data directory that is its own file system has one from the start.
    return (await readdir(path)).filter((name) => name !== 'lost+found').length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
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
    const { migrations, developments } = databaseFacts(copy);

    const files: ManifestFile[] = [];
    for (const folder of FOLDERS) {
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

// --- restore ------------------------------------------------------------------------------------

function parseManifest(text: string): BackupManifest {
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
      FOLDERS.some((folder) => f.path!.startsWith(`${folder}/`)) &&
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
    ...(await Promise.all(FOLDERS.map((folder) => listFiles(dir, folder)))).flat(),
  ];
  const top = (await readdir(dir)).filter(
    (name) =>
      name !== MANIFEST_FILE &&
      name !== BACKUP_DATABASE_FILE &&
      !FOLDERS.includes(name as (typeof FOLDERS)[number]),
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
    for (const folder of FOLDERS) {
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
