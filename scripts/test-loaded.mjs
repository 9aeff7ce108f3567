// `npm run test:loaded`: the whole `npm test` while a CPU burner keeps every core busy, as CI's
// shared machines often are (load average 10–20). Proves the suite waits for events rather than
// for budgets that only hold on a quiet machine. The burners are child processes, one per core,
// each stopping by itself after BURN_MINUTES (default 90) and killed when the tests end.
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { root } from './lib/ensure.mjs';

const minutes = Number(process.env.BURN_MINUTES ?? 90);
const burners = cpus().map(() =>
  spawn(
    process.execPath,
    ['-e', `const end = Date.now() + ${minutes * 60_000}; while (Date.now() < end) {}`],
    { stdio: 'ignore' },
  ),
);
console.log(`test:loaded: ${burners.length} CPU burner(s) running (at most ${minutes} min)`);
const started = Date.now();
const stop = () => {
  for (const burner of burners) burner.kill('SIGKILL');
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
const result = spawnSync(process.execPath, ['scripts/test.mjs', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
stop();
console.log(`test:loaded: npm test took ${Math.round((Date.now() - started) / 1000)} s under load`);
process.exit(result.status ?? 1);
