/**
 * `npm run content -- <command>`: the operator's door to content packs (issue 44). Reads the same
 * environment as the server (DATA_DIR, DATABASE_URL) and works on the store directly.
 *
 *   export <devname> <file> [--revision N] [--zones "Menu,Plan du site"]
 *
 * Exit codes as the other commands: 0 success, 1 failure (said why), 2 wrong usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import { PackError } from './pack-error.js';
import { exportPack } from './pack-export.js';

export const CONTENT_USAGE = `Usage: npm run content -- <command> [options]

Commands:
  export DEVNAME FILE   Write the published content of a development, with every media file it
                        names, as a content pack (a zip; docs/content-packs.md).
                          --revision N     an earlier published revision (default: the live one)
                          --zones "A,B"    only these zones, by name (no settings, no alert templates)
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
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--zones names at least one zone');
  return names;
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
        options: { revision: { type: 'string' }, zones: { type: 'string' } },
        strict: true,
        allowPositionals: true,
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
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
    if (error instanceof PackError || error instanceof ConfigError) {
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
