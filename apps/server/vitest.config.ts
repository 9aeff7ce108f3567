import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // Own modules afresh for every file in the reused worker (vitest.config.ts says why).
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // `*.pg.test.ts` need PostgreSQL (several instances sharing it): only the server-pg project runs them.
    exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
  },
});
