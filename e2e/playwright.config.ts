import { defineConfig } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Real-browser tests: Debian's Chromium (never a downloaded browser) against the real built
 * server, each worker with its own server and data directory (see support/server.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  // Bounds that only catch a hang: on a shared machine at load 10–20 a kiosk's first sync alone can
  // take most of a minute, and a test's steps wait for events (a message, a state), never for a
  // budget that holds on a quiet machine only.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/playwright.json' },
    ],
  ],
  outputDir: '../test-results/e2e',
  use: {
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'allow',
    // Recording a trace costs every test time and memory; a failure under CI is retried once, and
    // the retry records one (test-results/e2e), which is where a flaky failure is read.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
