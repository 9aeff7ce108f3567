import { defineConfig } from 'vitest/config';

// The root-level scripts' own tests: the build's precompression and the install check.
export default defineConfig({
  test: { name: 'scripts', environment: 'node' },
});
