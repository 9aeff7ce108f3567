import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'kiosk',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    testTimeout: 15_000,
  },
});
