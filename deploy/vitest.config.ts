import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Own modules afresh for every file in the reused worker (vitest.config.ts says why).
  test: { name: 'deploy', environment: 'node', isolate: true, testTimeout: 60_000 },
});
