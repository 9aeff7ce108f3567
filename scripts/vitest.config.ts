import { defineConfig } from 'vitest/config';

// The root-level scripts' own tests: the build's precompression and the install check.
export default defineConfig({
  // Own modules afresh for every file in the reused worker (vitest.config.ts says why).
  test: { name: 'scripts', environment: 'node', isolate: true },
});
