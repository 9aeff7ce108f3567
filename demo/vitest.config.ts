import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Building the demo pack draws and rasterises some three hundred pictures: minutes on a loaded
  // machine, done once per run by the suite's beforeAll.
  // Own modules afresh for every file in the reused worker (vitest.config.ts says why).
  test: {
    name: 'demo',
    environment: 'node',
    isolate: true,
    testTimeout: 60_000,
    hookTimeout: 900_000,
  },
});
