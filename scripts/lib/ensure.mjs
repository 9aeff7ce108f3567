// Shared steps of the two README commands: install what is missing, build what is stale, find Chromium.
// Plain Node only (no dependencies): these run before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertWithinBudget, BUDGETS } from '../bundle-budget.mjs';
import { precompressDir } from '../precompress.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`,
    );
  }
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`This project needs Node.js 20.19 or newer (found ${process.versions.node}).`);
    process.exit(1);
  }
}

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json. npm keeps its
 * own record of the last install in node_modules/.package-lock.json, so a CI's `npm ci` counts.
 */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (
    existsSync(installed) &&
    (!existsSync(lock) || statSync(installed).mtimeMs >= statSync(lock).mtimeMs)
  )
    return;
  console.log(
    'Installing dependencies (first run builds better-sqlite3 from source: a few minutes)…',
  );
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

function fingerprint(paths) {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (
          entry === 'node_modules' ||
          entry === 'dist' ||
          entry.endsWith('.test.ts') ||
          entry.endsWith('.test.tsx')
        )
          continue;
        walk(join(path, entry));
      }
    } else {
      hash.update(`${relative(root, path)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const path of paths) walk(join(root, path));
  return hash.digest('hex');
}

const builds = [
  {
    name: 'server',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/contract/src',
      'package.json',
    ],
    output: 'apps/server/dist',
    command: ['node', ['apps/server/build.mjs']],
  },
  {
    name: 'kiosk',
    inputs: [
      'apps/kiosk/src',
      'apps/kiosk/public',
      'apps/kiosk/index.html',
      'apps/kiosk/vite.config.ts',
      'apps/kiosk/package.json',
      'packages/contract/src',
      'package.json',
      'scripts/precompress.mjs',
      'scripts/bundle-budget.mjs',
    ],
    output: 'apps/kiosk/dist',
    // Brotli and gzip beside each text file, served by the server as they are (compression and
    // bundle split, decision 020).
    precompress: true,
    command: ['npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps/kiosk') }],
  },
  {
    name: 'admin',
    inputs: [
      'apps/admin/src',
      'apps/admin/public',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'apps/admin/package.json',
      'packages/contract/src',
      'package.json',
      'scripts/precompress.mjs',
      'scripts/bundle-budget.mjs',
    ],
    output: 'apps/admin/dist',
    // Brotli and gzip beside each text file, served by the server as they are (compression and
    // bundle split, decision 020).
    precompress: true,
    command: ['npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps/admin') }],
  },
];

builds.push({
  // The demo plant as a content pack (issue 44): drawn, rasterised and zipped once, then imported
  // by the server on an empty DATA_DIR (DEMO_PACK). Cached until the demo's sources change.
  name: 'demo pack',
  inputs: ['demo/src', 'demo/assets', 'packages/contract/src', 'package.json'],
  output: 'demo/dist',
  command: ['npx', ['tsx', 'demo/src/generate-demo-pack.ts', 'demo/dist/demo-plant.zip']],
});

/** Builds each app whose sources changed since its last build. */
export function ensureBuilt({ force = false } = {}) {
  for (const build of builds) {
    const stampPath = join(root, build.output, '.build-stamp');
    const print = fingerprint(build.inputs);
    if (!force && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === print) continue;
    console.log(`Building ${build.name}…`);
    const [command, args, options] = build.command;
    run(command, args, options);
    if (build.precompress) precompressDir(join(root, build.output));
    // Initial JS over its budget fails the build (compression and bundle split, decision 020); no
    // stamp, so it is checked again.
    const budget = BUDGETS.find((app) => app.dist === build.output);
    if (budget)
      console.log(assertWithinBudget({ ...budget, dist: join(root, budget.dist) }).report);
    writeFileSync(stampPath, print);
  }
}

/** Path of the Chromium the browser tests drive; installs Debian's package when possible. */
export function ensureChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    'The browser tests need Chromium and none was found.\n' +
      'Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
