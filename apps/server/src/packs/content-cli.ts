/**
 * `npm run content -- <command>`: the operator's door to content packs (issue 44). Reads the same
 * environment as the server (DATA_DIR, DATABASE_URL) and works on the store directly.
 *
 *   export <devname> <file> [--revision N] [--zones "Menu,Plan du site"]
 *   import <file> --as <devname> [--login L --password P] | --into <devname> [--shift-dates]
 *
 * Exit codes as the other commands: 0 success, 1 failure (said why), 2 wrong usage.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import { PackError } from './pack-error.js';
import { exportPack, zoneNamesOf } from './pack-export.js';
import { importPack } from './pack-import.js';
import { readPack } from './pack-reader.js';

export const CONTENT_USAGE = `Usage: npm run content -- <command> [options]

Commands:
  export DEVNAME FILE   Write the published content of a development, with every media file it
                        names, as a content pack (a zip; docs/content-packs.md).
                          --revision N     an earlier published revision (default: the live one)
                          --zones "A,B"    only these zones, by name (no settings, no alert templates)
  import FILE           Check a content pack whole (docs/content-packs.md), then write it into a
                        development's draft — never straight to the totems: publish it after.
                          --as DEVNAME     a new development (with --login L --password P: its
                                           kiosk account, as the back-office creates one)
                          --into DEVNAME   an existing development: the pack replaces its draft
                          --shift-dates    move every date by (now − the pack's reference time)
  help                  Show this text.

Environment: DATA_DIR, DATABASE_URL (see the README).
Exit codes: 0 success, 1 failure, 2 wrong usage.`;

export interface ContentCliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1) {
    throw new UsageError(`--${name} takes a positive whole number (got "${value}")`);
  }
  return Number(value);
}

function zoneNames(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = zoneNamesOf(value);
  if (names.length === 0) throw new UsageError('--zones names at least one zone');
  return names;
}

type Values = {
  revision?: string;
  zones?: string;
  as?: string;
  into?: string;
  login?: string;
  password?: string;
  'shift-dates'?: boolean;
};

async function importCommand(
  values: Values,
  positionals: string[],
  io: ContentCliIo,
): Promise<number> {
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('import takes one file');
  if ((values.as === undefined) === (values.into === undefined)) {
    throw new UsageError('import takes either --as DEVNAME (a new development) or --into DEVNAME');
  }
  if (
    (values.login === undefined) !== (values.password === undefined) ||
    (values.into && values.login)
  ) {
    throw new UsageError('--login and --password go together, with --as only');
  }
  const config = loadConfig(io.env, io.cwd);
  const source = resolve(io.env.INIT_CWD || io.cwd, file);
  // The reader's temporary folder is on DATA_DIR's file system: its files are linked into place.
  await mkdir(join(config.mediaDir, '.tmp'), { recursive: true });
  const tempDir = await mkdtemp(join(config.mediaDir, '.tmp', 'pack-'));
  const database = await openDatabase({ url: config.databaseUrl });
  try {
    const pack = await readPack(source, { tempDir });
    try {
      const result = await importPack(
        { repos: createRepositories(database.db), mediaDir: config.mediaDir },
        pack,
        values.as !== undefined
          ? { as: values.as, login: values.login, password: values.password }
          : { into: values.into! },
        { shiftDates: values['shift-dates'] === true },
      );
      const { counts } = result;
      io.out(
        `Pack imported into the draft of "${result.devname}"${result.created ? ' (a new development)' : ''}: ` +
          `${counts.zone ?? 0} zone(s), ${counts.element ?? 0} element(s), ${counts.subgroup ?? 0} sub-group(s), ` +
          `${counts.subelement ?? 0} sub-element(s), ${counts.alert_template ?? 0} alert template(s), ` +
          `${result.mediaAdded} media file(s) added, ${result.mediaReused} already in the library. ` +
          'Publish it to send it to the totems.',
      );
    } finally {
      await pack.dispose();
    }
  } finally {
    await database.close();
    await rm(tempDir, { recursive: true, force: true });
  }
  return 0;
}

/** Runs one command; resolves to the process exit code. */
export async function runContentCli(argv: readonly string[], io: ContentCliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help') {
      io.out(CONTENT_USAGE);
      return command === undefined ? 2 : 0;
    }
    let parsed;
    try {
      parsed = parseArgs({
        args: [...rest],
        options: {
          revision: { type: 'string' },
          zones: { type: 'string' },
          as: { type: 'string' },
          into: { type: 'string' },
          login: { type: 'string' },
          password: { type: 'string' },
          'shift-dates': { type: 'boolean' },
        },
        strict: true,
        allowPositionals: true,
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    if (command === 'import') return await importCommand(values, positionals, io);
    if (command !== 'export') throw new UsageError(`Unknown command "${command}"`);
    const [devname, file, ...extra] = positionals;
    if (!devname || !file || extra.length > 0) {
      throw new UsageError('export takes a development name and a file');
    }
    const revision = positiveInteger('revision', values.revision);
    const zones = zoneNames(values.zones);
    const config = loadConfig(io.env, io.cwd);
    // A path on the command line is relative to where the operator typed it (npm run moves cwd).
    const target = resolve(io.env.INIT_CWD || io.cwd, file);
    const database = await openDatabase({ url: config.databaseUrl });
    try {
      const { manifest, bytes } = await exportPack(
        {
          repos: createRepositories(database.db),
          mediaDir: config.mediaDir,
          appVersion: config.appVersion,
        },
        { devname, revision, zones },
        target,
      );
      const { counts } = manifest;
      io.out(
        `Pack written to ${target} (${bytes} bytes): "${devname}" revision ${manifest.source.revision}, ` +
          `${counts.zone} zone(s), ${counts.element} element(s), ${counts.subgroup} sub-group(s), ` +
          `${counts.subelement} sub-element(s), ${counts.alert_template} alert template(s), ` +
          `${counts.setting} setting(s), ${counts.media} media file(s).`,
      );
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${CONTENT_USAGE}`);
      return 2;
    }
    if (error instanceof PackError) {
      io.err(
        error.reasons.length > 1
          ? ['Paquet refusé :', ...error.reasons.map((r) => `- ${r}`)].join('\n')
          : error.message,
      );
      return 1;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

/** The process entry (dist/content.js): runs the command of argv and sets the exit code. */
export async function main(): Promise<void> {
  process.exitCode = await runContentCli(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
