import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace; each project brings its own environment (node or jsdom).
// The server suite runs twice: on SQLite (`server`) and on PostgreSQL (`server-pg`).
export default defineConfig({
  test: {
    // The node projects' worker processes are reused from one test file to the next (of the same
    // project), instead of a new process per file: on this 2-core machine the new process, and
    // loading fastify, pg, sharp… again in it, cost the server files 2.5 s each, more than their
    // tests. Each node project still sets `isolate: true`, so its own modules (module-level state
    // included) are evaluated afresh for every file; only node_modules stay loaded. The jsdom
    // projects run on `threads` (a fresh worker per file): Testing Library binds `screen` to the
    // first file's document when it is loaded, so they must not share a loaded one. They run after
    // the node projects (`groupOrder`), not beside them: each pool has its own worker, and two test
    // files at once on two cores only add contention (docs/benchmarks.md, Vitest workers).
    poolOptions: { forks: { isolate: false } },
    projects: [
      'packages/contract',
      'packages/ui',
      'apps/server',
      'apps/server/vitest.pg.config.ts',
      'apps/kiosk',
      'apps/admin',
      'deploy',
      'demo',
      'bench',
      'scripts',
    ],
  },
});
