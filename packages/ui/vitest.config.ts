import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    // A fresh worker thread per file, never a reused one; after the node projects, never beside
    // them (vitest.config.ts says why).
    pool: 'threads',
    sequence: { groupOrder: 1 },
    setupFiles: ['./src/testing/setup.ts'],
  },
});
