/**
 * A small import resolver for eslint-plugin-boundaries (eslint-module-utils resolver interface v2),
 * so that the boundary rule knows which file an import points to without a native resolver:
 * - relative specifiers resolve like TypeScript's bundler/NodeNext resolution does here: the
 *   server writes `./x.js` for `./x.ts`, the apps write `./x` for `./x.ts(x)` or `./x/index.ts(x)`;
 * - bare specifiers (packages, `node:` built-ins, the workspace `@plant-kiosk/contract`) are
 *   reported as found without a path: they are outside the layers the rule checks.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json', '.css'];

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

function resolveRelative(source, file) {
  const base = path.resolve(path.dirname(file), source.split('?')[0]);
  const candidates = [base];
  const js = /\.(m|c)?jsx?$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    const ts = js[1] === 'm' ? '.mts' : js[1] === 'c' ? '.cts' : '.ts';
    candidates.push(stem + ts, stem + '.tsx');
  }
  for (const ext of EXTENSIONS) candidates.push(base + ext);
  for (const ext of EXTENSIONS) candidates.push(path.join(base, 'index' + ext));
  return candidates.find(isFile) ?? null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const found = resolveRelative(source, file);
    return found ? { found: true, path: found } : { found: false };
  }
  return { found: true, path: null };
};
