/**
 * `tsx demo/src/generate-demo-pack.ts <pack.zip>`: writes the demo plant's pack and, beside it,
 * `fixtures/` (scripts/lib/ensure.mjs runs it when the demo's sources changed). Exit 0 on success,
 * 1 with the reason on stderr otherwise.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildDemoPack } from './demo-pack.js';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: generate-demo-pack.ts <pack.zip>');
  process.exit(2);
}
const file = resolve(target);
const rootPackage = join(import.meta.dirname, '..', '..', 'package.json');
const { version } = JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string };
mkdirSync(dirname(file), { recursive: true });
const started = performance.now();
try {
  const { manifest } = await buildDemoPack({
    file,
    workDir: join(dirname(file), '.staging'),
    productVersion: version,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Demo pack written to ${file} in ${seconds} s: ${manifest.counts.zone} zones, ${manifest.counts.element} elements, ${manifest.counts.media} media files.`,
  );
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
