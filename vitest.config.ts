import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace; each project brings its own environment (node or jsdom).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/kiosk'],
  },
});
