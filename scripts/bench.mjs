// `npm run bench [suite…]`: builds what is stale, then runs the benchmark suites (bench/run.ts).
import { checkNodeVersion, ensureBuilt, ensureDependencies, root, run } from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();
ensureBuilt();
run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/run.ts', ...process.argv.slice(2)], {
  cwd: root,
});
