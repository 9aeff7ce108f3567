// `npm run bench [suite…]`: builds what is stale, then runs the benchmark suites (bench/run.ts).
// `npm run bench -- --smoke [suite…]`: the same suites at tiny sizes (what `npm test` runs).
import { checkNodeVersion, ensureBuilt, ensureDependencies, root, run } from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();
ensureBuilt();
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/run.ts', ...args], {
  cwd: root,
  env: { ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
});
