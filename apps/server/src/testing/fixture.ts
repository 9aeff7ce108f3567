/**
 * A small plant for server tests, written through the real repositories into a fresh store (an
 * in-memory SQLite database, or a fresh PostgreSQL schema in the `server-pg` project: see
 * test-database.ts), and the app built on it. Two developments, so that tests can check that one kiosk never
 * reads the other's data; a fixed, movable clock, so that expiry is deterministic.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  hashPasswordForLogin,
  MODEL_FIELDS,
  TOKEN_HEADER,
  type ItemType,
  type ModelLabel,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import type { ServerConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from './test-database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { PostgresEventBus } from '../lib/postgres-event-bus.js';
import { InMemoryEventBus, type EventBus } from '../lib/event-bus.js';
import { hashClientPassword, TEST_SCRYPT_COST } from '../lib/passwords.js';
import { fixedAlertToken } from '../alerts/index.js';
import type { Secrets } from '../lib/secrets.js';

export const FIXTURE_NOW = new Date('2026-03-10T09:00:00.000Z');
export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef0123456789';
export const TEST_PUBLISH_TOKEN = 'test-only-publish-token-0123456789';
export const TEST_ALERT_TOKEN = 'test-only-alert-token-0123456789';
export const TEST_METRICS_TOKEN = 'test-only-metrics-token-0123456789';
export const DEMO_PASSWORD = 'kiosk';
export const OTHER_PASSWORD = 'autre-mot-de-passe';

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(FIXTURE_NOW.getTime() + offsetMs).toISOString();

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? join(tmpdir(), 'plant-kiosk-test-unused');
  return {
    port: 8080,
    host: '127.0.0.1',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    secretsDir: join(dataDir, 'secrets'),
    databaseUrl: ':memory:',
    jwtSecret: TEST_JWT_SECRET,
    publishToken: TEST_PUBLISH_TOKEN,
    demo: {
      devname: 'neubourg',
      login: 'kiosk',
      password: DEMO_PASSWORD,
      pack: join(dataDir, 'no-demo-pack.zip'),
    },
    environment: 'prod',
    tokenTtlDays: 365,
    scheduleMaxLatenessHours: 12,
    logLevel: 'silent',
    kioskDist: join(dataDir, 'no-kiosk-dist'),
    adminDist: join(dataDir, 'no-admin-dist'),
    splitPorts: false,
    trustProxy: false,
    appVersion: '0.0.0-test',
    // Its plant names media files that are in no library (decision 014): suites that test the
    // publish checks turn them on with `config: { publishChecks: true }`.
    publishChecks: false,
    ...overrides,
  };
}

export const testSecrets = (): Secrets => ({
  jwtSecret: new TextEncoder().encode(TEST_JWT_SECRET),
  publishToken: TEST_PUBLISH_TOKEN,
  alertToken: fixedAlertToken(TEST_ALERT_TOKEN),
  metricsToken: TEST_METRICS_TOKEN,
});

export interface FixtureIds {
  devid: number;
  otherDevid: number;
  accountid: number;
  /** "Plan du site": 7 image elements, orders 1..7. */
  planZone: number;
  /** Elements of planZone in order 1..7. */
  planElements: number[];
  /** The first plan element has 6 plain sub-elements, orders 1..6. */
  /** "Produits": one category element with sub-groups. */
  productsZone: number;
  category: number;
  /** Live "Produit" (order 1), expired "Produit" (order 2), live "Catalogue" expiring in 2 days (order 3). */
  liveProduct: number;
  expiredProduct: number;
  catalogue: number;
  /** Development B's zone, element and sub-group. */
  otherZone: number;
  otherElement: number;
  otherSubgroup: number;
}

export interface Fixture {
  app: FastifyInstance;
  repos: Repositories;
  /** In-memory with SQLite; LISTEN/NOTIFY with PostgreSQL, as the server does. */
  bus: EventBus;
  config: ServerConfig;
  ids: FixtureIds;
  /** The clock the app reads; tests may move it. */
  clock: { now: Date };
  /** A valid token of development A (or of `devid`), minted by the app's own token service. */
  token(devid?: number): Promise<string>;
  /** Headers carrying that token. */
  auth(devid?: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface FixtureOptions {
  app?: Partial<BuildOptions>;
  config?: Partial<ServerConfig>;
}

/**
 * Publishes a development's draft straight through the repository, as another process (an
 * instance, the CLI's server) would: no cache of this app is told, no stream message is sent.
 */
export async function publishDraftDirectly(repos: Repositories, devid: number) {
  const outcome = await repos.revisions.publishDraft(devid, {
    author: { kind: 'system', name: 'test', userid: null },
    source: 'publish',
    now: new Date(),
  });
  if (!outcome) throw new Error(`no development ${devid}`);
  return outcome;
}

/** Writes the plant; returns its ids. Exposed so repository tests can use it without an app. */
export async function seedFixture(repos: Repositories): Promise<FixtureIds> {
  const { developments, draft, accounts } = repos;
  const models = new Map<string, number>();
  for (const [label, fields] of Object.entries(MODEL_FIELDS)) {
    models.set(label, (await repos.models.upsert(label, fields)).modelid);
  }
  const modelId = (label: ModelLabel) => models.get(label)!;

  const dev = await developments.create('neubourg', FIXTURE_NOW);
  const other = await developments.create('autre-usine', FIXTURE_NOW);
  const hashA = await hashClientPassword(hashPasswordForLogin(DEMO_PASSWORD), TEST_SCRYPT_COST);
  const account = await accounts.createKioskAccount({
    devid: dev.devid,
    login: 'kiosk',
    passwordHash: hashA.hash,
    passwordSalt: hashA.salt,
  });
  const hashB = await hashClientPassword(hashPasswordForLogin(OTHER_PASSWORD), TEST_SCRYPT_COST);
  await accounts.createKioskAccount({
    devid: other.devid,
    login: 'kiosk',
    passwordHash: hashB.hash,
    passwordSalt: hashB.salt,
  });

  const plan = await draft.createZone({
    devid: dev.devid,
    zonename: 'Plan du site',
    type: 'images',
  });
  // Inserted out of order, so that sorting by `order` is visible.
  const planElements = new Map<number, number>();
  for (const order of [4, 1, 7, 2, 6, 3, 5]) {
    const element = await draft.createElement({
      zoneid: plan.zoneid,
      order,
      value: `/media/images/plan-${order}.png`,
      type: 'image',
      addingdate: iso(-order * DAY),
    });
    planElements.set(order, element.elementid);
  }
  const firstPlanElement = planElements.get(1)!;
  for (const order of [3, 1, 6, 2, 5, 4]) {
    await draft.createSubelement({
      elementid: firstPlanElement,
      order,
      value: `Légende ${order}`,
      type: 'text',
    });
  }

  const products = await draft.createZone({
    devid: dev.devid,
    zonename: 'Produits',
    type: 'subgroups',
  });
  const category = await draft.createElement({
    zoneid: products.zoneid,
    order: 1,
    value: 'Parfum',
    type: 'group',
  });
  const addGroup = async (
    label: ModelLabel,
    order: number,
    expirationdate: string | null,
    values: Record<string, Array<[string, ItemType]>>,
  ) => {
    const subgroup = await draft.createSubgroup({
      elementid: category.elementid,
      modelid: modelId(label),
      order,
      addingdate: iso(-DAY),
      expirationdate,
    });
    for (const [fieldlabel, items] of Object.entries(values)) {
      let fieldOrder = 1;
      for (const [value, type] of items) {
        await draft.createSubelement({
          elementid: category.elementid,
          order: fieldOrder++,
          value,
          type,
          subgroupid: subgroup.subgroupid,
          fieldlabel,
        });
      }
    }
    return subgroup.subgroupid;
  };
  const catalogue = await addGroup('Catalogue', 3, iso(2 * DAY), {
    pages: [
      ['/media/catalogue/page-1.png', 'image'],
      ['/media/catalogue/page-2.png', 'image'],
    ],
    qr: [['/media/catalogue/qr.png', 'image']],
  });
  const liveProduct = await addGroup('Produit', 1, null, {
    titre: [['Pompe Alpha', 'text']],
    image: [
      ['/media/products/alpha-1.png', 'image'],
      ['/media/products/alpha-2.png', 'image'],
    ],
    détail_produit: [['/media/products/alpha-detail.png', 'image']],
  });
  const expiredProduct = await addGroup('Produit', 2, iso(-DAY), {
    titre: [['Pompe Périmée', 'text']],
    image: [['/media/products/old.png', 'image']],
  });

  const otherZone = await draft.createZone({
    devid: other.devid,
    zonename: 'Plan du site',
    type: 'images',
  });
  const otherElement = await draft.createElement({
    zoneid: otherZone.zoneid,
    order: 1,
    value: '/media/images/other.png',
    type: 'image',
  });
  await draft.createSubelement({
    elementid: otherElement.elementid,
    order: 1,
    value: 'Autre',
    type: 'text',
  });
  const otherSubgroup = await draft.createSubgroup({
    elementid: otherElement.elementid,
    modelid: modelId('Affiche'),
    order: 1,
  });

  // The fixture's content is what the kiosks see: publish it (revision 1 of each development).
  for (const devid of [dev.devid, other.devid]) {
    await repos.revisions.publishDraft(devid, {
      author: { kind: 'system', name: 'fixture', userid: null },
      source: 'seed',
      now: FIXTURE_NOW,
    });
  }

  return {
    devid: dev.devid,
    otherDevid: other.devid,
    accountid: account.accountid,
    planZone: plan.zoneid,
    planElements: [1, 2, 3, 4, 5, 6, 7].map((order) => planElements.get(order)!),
    productsZone: products.zoneid,
    category: category.elementid,
    liveProduct,
    expiredProduct,
    catalogue,
    otherZone: otherZone.zoneid,
    otherElement: otherElement.elementid,
    otherSubgroup: otherSubgroup.subgroupid,
  };
}

export async function createFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plant-kiosk-test-'));
  const handle: DatabaseHandle = await openTestDatabase();
  const repos = createRepositories(handle.db);
  const ids = await seedFixture(repos);
  const config = testConfig({ dataDir, ...options.config });
  const bus: EventBus = handle.postgres
    ? await PostgresEventBus.start({ db: handle.db, ...handle.postgres })
    : new InMemoryEventBus();
  const clock = { now: new Date(FIXTURE_NOW) };
  const app = await buildApp({
    repos,
    config,
    bus,
    secrets: testSecrets(),
    now: () => clock.now,
    logger: false,
    passwordCost: TEST_SCRYPT_COST,
    ...options.app,
  });
  await app.ready();

  const token = async (devid: number = ids.devid) => {
    const tokenVersion = (await repos.accounts.tokenVersion(devid)) ?? 1;
    return app.kiosk.tokens.issue({ devid, accountid: ids.accountid, tokenVersion });
  };
  return {
    app,
    repos,
    bus,
    config,
    ids,
    clock,
    token,
    auth: async (devid?: number) => ({ [TOKEN_HEADER]: await token(devid) }),
    close: async () => {
      await app.close();
      await bus.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
