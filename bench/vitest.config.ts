import { defineConfig } from 'vitest/config';

// The bench's own helpers that are worth a test (the large plant's generator); the suites
// themselves are run by `npm run bench`, not here.
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    // Own modules afresh for every file in the reused worker (vitest.config.ts says why).
    isolate: true,
    include: ['support/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
