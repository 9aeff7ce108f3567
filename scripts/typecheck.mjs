// Type-checks every workspace with its own tsconfig (each has different libs: DOM for the kiosk,
// node for the server), in parallel, and fails if any fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  'packages/contract',
  'packages/ui',
  'apps/server',
  'apps/kiosk',
  'apps/admin',
  'e2e',
  'bench',
  'deploy',
  'demo',
  'scripts',
].filter((dir) => existsSync(join(root, dir, 'tsconfig.json')));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const cache = join(root, 'node_modules', '.cache', 'typecheck');
mkdirSync(cache, { recursive: true });
const results = await Promise.all(
  projects.map(
    (dir) =>
      new Promise((resolve) => {
        // Incremental: a re-check reads what changed since the last one (build info kept under
        // node_modules/.cache), which keeps `npm run typecheck` quick before each commit.
        const buildInfo = join(cache, `${dir.replaceAll('/', '-')}.tsbuildinfo`);
        const args = [tsc, '-p', join(root, dir, 'tsconfig.json'), '--noEmit'];
        args.push('--incremental', '--tsBuildInfoFile', buildInfo);
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => resolve({ dir, code, output }));
      }),
  ),
);
let failed = false;
for (const { dir, code, output } of results) {
  if (code === 0) console.log(`typecheck ok   ${dir}`);
  else {
    failed = true;
    console.log(`typecheck FAIL ${dir}\n${output}`);
  }
}
process.exit(failed ? 1 : 0);
