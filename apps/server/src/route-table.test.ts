/**
 * Contract route table: the contract's route table (packages/contract/src/route-table.ts) is the
 * one list of the API's calls. This test registers the whole app and fails when the server has an
 * API route the table lacks, or the table names a route the server does not have (method and path
 * both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '@plant-kiosk/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { kioskApp } from './app.js';
import { createRepositories } from './db/repositories/index.js';
import { InMemoryEventBus } from './lib/event-bus.js';
import { TEST_SCRYPT_COST } from './lib/passwords.js';
import { testConfig, testSecrets } from './testing/fixture.js';
import { openTestDatabase } from './testing/test-database.js';

/** The API, as opposed to the kiosk's and back-office's files and the media. */
const API = /^\/(display|clientauth|stream|api|healthz|metrics|config\.json)(\/|$)/;

describe('the route table', () => {
  it('names every API route the server registers, and nothing else', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plant-kiosk-routes-'));
    const handle = await openTestDatabase();
    const bus = new InMemoryEventBus();
    const app = Fastify({ logger: false });
    const registered: string[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push(`${method} ${route.url}`);
    });
    try {
      await app.register(kioskApp, {
        repos: createRepositories(handle.db),
        config: testConfig({ dataDir }),
        bus,
        secrets: testSecrets(),
        passwordCost: TEST_SCRYPT_COST,
      });
      await app.ready();
      const api = registered.filter((entry) => API.test(entry.split(' ')[1]!));
      // Fastify adds a HEAD route to every GET: only a HEAD of its own is a call of the table.
      const calls = api.filter(
        (entry) => !entry.startsWith('HEAD ') || !api.includes(`GET ${entry.slice(5)}`),
      );
      const table = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`);
      expect(new Set(table).size, 'each call once in the table').toBe(table.length);
      expect([...calls].sort()).toEqual([...table].sort());
    } finally {
      await app.close();
      await bus.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
