/**
 * A clean install (compression and bundle split, decision 020): every package the lockfile installs
 * on this machine accepts the running Node, so `npm ci` prints no EBADENGINE; and every dependency
 * with an install script is approved in package.json's `allowScripts`, so an npm that blocks
 * unreviewed scripts (npm 12) never skips better-sqlite3's native build on a fresh machine.
 *
 * The one offender so far: Fastify's light-my-request 6.8 asks for cookie ^2, which declares Node
 * ≥ 22, yet only calls `stringifySetCookie({ name, value })` — which cookie 1.1 (Node ≥ 18) has.
 * Hence the root package.json's `overrides: { "light-my-request": { "cookie": "^1.1.1" } }`.
 * The `allowScripts` entries are written by `npm install-scripts approve esbuild better-sqlite3`
 * (npm ≥ 11.16); name-only, because this lockfile keeps no `resolved` URLs to pin versions on.
 *
 * `semver` is not a direct dependency: it is the copy every toolchain here already hoists (Babel,
 * ESLint, TypeScript-ESLint…), loaded at run time; the test fails loudly if it ever disappears.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Semver {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
  hasInstallScript?: boolean;
}
const root = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** `node_modules/a/node_modules/@b/c` → `@b/c`. */
const nameOf = (path: string, entry: LockEntry) =>
  entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** What npm installs here: platform packages for another OS or CPU are skipped, unchecked. */
const installedHere = (entry: LockEntry) =>
  !entry.link &&
  (!entry.os || entry.os.includes(process.platform)) &&
  (!entry.cpu || entry.cpu.includes(process.arch));

describe('the install', () => {
  const minimum = semver.minVersion(manifest.engines.node)!.version;

  it.each([
    ['the running Node', process.versions.node],
    ["the project's minimum Node", minimum],
  ])('installs no package whose engines reject %s (%s)', (_label, version) => {
    const rejected = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && installedHere(entry) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(version, entry.engines!.node!))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines!.node}`);
    expect(rejected).toEqual([]);
  });

  it('approves every install script in allowScripts, by name or name@version', () => {
    const allowed = manifest.allowScripts ?? {};
    const unreviewed = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && !entry.link)
      .map(([path, entry]) => ({ name: nameOf(path, entry), version: entry.version }))
      .filter(({ name, version }) => !allowed[name] && !allowed[`${name}@${version}`])
      .map(({ name, version }) => `${name}@${version}`);
    expect(unreviewed).toEqual([]);
    expect(Object.keys(allowed)).toEqual(expect.arrayContaining(['better-sqlite3', 'esbuild']));
  });
});
