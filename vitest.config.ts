import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace; each project brings its own environment (node or jsdom).
// The server suite runs twice: on SQLite (`server`) and on PostgreSQL (`server-pg`).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/ui',
      'apps/server',
      'apps/server/vitest.pg.config.ts',
      'apps/kiosk',
      'apps/admin',
      'deploy',
      'demo',
      'bench',
      'scripts',
    ],
  },
});
