import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'server', environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 },
});
