// The initial-JS budget of the kiosk and the back-office (compression and bundle split, decision
// 020): what a browser must fetch before the first screen — the entry script of dist/index.html
// plus every chunk it imports statically (what Vite lists as modulepreload), transitively —
// gzip-compressed as scripts/precompress.mjs writes it, must stay ≤ 150 kB (1 kB = 1,000 bytes, as
// Vite counts). Dynamic `import()`s are lazy chunks: not counted.
//
// Plain Node only, like scripts/lib/ensure.mjs, which runs it after each app's `vite build`, so
// `npm run build` (and `npm start`, and `npm test` before its browser tests) fails when a budget
// is passed. `node scripts/bundle-budget.mjs` prints the figures of the apps as built.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

export const KB = 1000;

/** The built apps and their budgets; `base` is the app's Vite `base` (how index.html names files). */
export const BUDGETS = [
  { name: 'kiosk', dist: 'apps/kiosk/dist', base: './', budget: 150 * KB },
  { name: 'admin', dist: 'apps/admin/dist', base: '/admin/', budget: 150 * KB },
];

/** The scripts index.html loads at start: its module scripts, then its modulepreload links. */
export function htmlScripts(html) {
  const found = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const attribute = (name) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((value) => value !== undefined);
    const isScript = /^<script/i.test(tag) && attribute('type') === 'module' && attribute('src');
    const isPreload = /^<link/i.test(tag) && attribute('rel') === 'modulepreload';
    const url = isScript ? attribute('src') : isPreload ? attribute('href') : undefined;
    if (url) found.push(url);
  }
  return found;
}

/**
 * The relative specifiers a built ES chunk imports statically: `import{a as b}from"./x.js"`,
 * `import"./x.js"`, `export{c}from"./x.js"`. A dynamic `import("./x.js")` (an opening
 * parenthesis, not a quote, after `import`) does not match.
 */
export function staticImports(code) {
  const found = [];
  const pattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** The gzip size of a file as the server sends it (precompress.mjs: gzip level 9). */
export function gzipSize(bytes) {
  return gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
}

/**
 * The initial chunks of a built app, in load order: files relative to `dist`, with their raw and
 * gzip sizes. `base` maps index.html's URLs to files (`/admin/assets/x.js` → `assets/x.js`).
 */
export function initialChunks(dist, { base = './' } = {}) {
  const fromHtml = (url) => {
    if (/^[a-z]+:|^\/\//i.test(url)) return undefined; // another origin: not ours to count
    const path = url.startsWith(base) ? url.slice(base.length) : url.replace(/^\.?\//, '');
    return posix.normalize(path.split(/[?#]/)[0]);
  };
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = htmlScripts(html).map(fromHtml).filter(Boolean);
  const seen = new Set();
  const chunks = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const path = join(dist, file);
    if (!existsSync(path)) throw new Error(`${file}, loaded at start, is missing from ${dist}`);
    const bytes = readFileSync(path);
    chunks.push({ file, raw: bytes.length, gzip: gzipSize(bytes) });
    for (const specifier of staticImports(bytes.toString('utf8'))) {
      queue.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
    }
  }
  return chunks;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/** Measures one app against its budget; `report` is the text to print, naming every chunk. */
export function measureBudget({ name, dist, base, budget }) {
  const chunks = initialChunks(dist, { base });
  const gzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const raw = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
  const ok = gzip <= budget;
  const lines = [
    `${name}: initial JS ${kb(gzip)} gzip (${kb(raw)} raw), budget ${kb(budget)}` +
      (ok ? '' : ` — OVER by ${kb(gzip - budget)}`),
    ...[...chunks]
      .sort((a, b) => b.gzip - a.gzip)
      .map((chunk) => `  ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`),
  ];
  return { name, chunks, gzip, raw, budget, ok, report: lines.join('\n') };
}

/** Throws, naming the chunks, when the app's initial JS is over its budget. */
export function assertWithinBudget(app) {
  const result = measureBudget(app);
  if (!result.ok) {
    throw new Error(
      `${result.report}\n` +
        `The ${app.name}'s initial JS (the entry and its static imports) is over budget: load ` +
        'route-only code with a dynamic import() (React.lazy) and keep route-only packages out of ' +
        'the chunks the entry imports (see docs/decisions/020-bundle-split.md).',
    );
  }
  return result;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let failed = false;
  for (const app of BUDGETS) {
    const dist = join(root, app.dist);
    if (!existsSync(join(dist, 'index.html'))) {
      console.log(`${app.name}: not built (npm run build)`);
      continue;
    }
    const result = measureBudget({ ...app, dist });
    console.log(result.report);
    if (!result.ok) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
