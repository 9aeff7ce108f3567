import { test as base } from '@playwright/test';
import { launchServer, type LaunchOptions, type RunningServer } from './server';

interface WorkerFixtures {
  /** One server per worker, for tests that don't break it. */
  server: RunningServer;
}
interface TestFixtures {
  /** A server of this test's own, for tests that stop, kill or change it. */
  ownServer: (options?: LaunchOptions) => Promise<RunningServer>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first argument
    async ({}, use) => {
      const server = await launchServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take a destructured first argument
  ownServer: async ({}, use) => {
    const started: RunningServer[] = [];
    await use(async (options) => {
      const server = await launchServer(options);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.dispose()));
  },
});

export { expect } from '@playwright/test';
