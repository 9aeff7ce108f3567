// The layer rule (decision 025, scripts/eslint-boundaries.mjs) on a small repository written here:
// each wrong import of the kiosk/back-office and server layouts fails with its message, and the
// allowed forms pass. ESLint's Node API runs the same rule blocks as `npm run lint`, rooted in a
// temporary directory, so these fixtures never reach the real lint or type-check.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryConfig } from './eslint-boundaries.mjs';

const FIXTURES: Record<string, string> = {
  // Kiosk: a feature with a public surface, and its users.
  'apps/kiosk/src/main.tsx': "import { routes } from './app/routes';\nexport const r = routes;\n",
  'apps/kiosk/src/app/routes.tsx':
    "import { alphaScreen } from '../features/alpha/alpha-screen';\nexport const routes = [alphaScreen];\n",
  'apps/kiosk/src/app/testing/render-in-kiosk.tsx': 'export const renderInKiosk = () => null;\n',
  'apps/kiosk/src/features/alpha/index.ts': "export { alphaValue } from './alpha-value';\n",
  'apps/kiosk/src/features/alpha/alpha-value.ts': 'export const alphaValue = 1;\n',
  'apps/kiosk/src/features/alpha/testing/alpha-data.ts':
    "import { renderInKiosk } from '../../../app/testing/render-in-kiosk';\nexport const alphaData = [renderInKiosk];\n",
  'apps/kiosk/src/features/alpha/alpha-value.test.ts':
    "import { alphaValue } from './alpha-value';\nimport { alphaData } from './testing/alpha-data';\nexport const t = [alphaValue, alphaData];\n",
  'apps/kiosk/src/features/alpha/into-testing.ts':
    "import { alphaData } from './testing/alpha-data';\nexport const a = alphaData;\n",
  'apps/kiosk/src/features/alpha/alpha-screen.tsx':
    "import { alphaValue } from './alpha-value';\nimport { format } from '../../lib/format';\nexport const alphaScreen = format(alphaValue);\n",
  'apps/kiosk/src/features/beta/through-index.ts':
    "import { alphaValue } from '../alpha';\nexport const b = alphaValue;\n",
  'apps/kiosk/src/features/beta/into-internals.ts':
    "import { alphaValue } from '../alpha/alpha-value';\nexport const b = alphaValue;\n",
  'apps/kiosk/src/features/beta/into-app.ts':
    "import { routes } from '../../app/routes';\nexport const b = routes;\n",
  'apps/kiosk/src/features/beta/beta.test.tsx':
    "import { renderInKiosk } from '../../app/testing/render-in-kiosk';\nimport { alphaValue } from '../alpha/alpha-value';\nexport const t = [renderInKiosk, alphaValue];\n",
  'apps/kiosk/src/features/alpha/uses-ui.tsx':
    "import { AlertTakeover } from '@plant-kiosk/ui';\nexport const u = AlertTakeover;\n",
  'packages/ui/src/index.ts': "export { drawn } from './drawn';\n",
  'packages/ui/src/drawn.tsx':
    "import { PALETTE } from '@plant-kiosk/contract';\nexport const drawn = PALETTE;\n",
  'packages/ui/src/into-app.tsx':
    "import { format } from '../../../apps/kiosk/src/lib/format';\nexport const f = format;\n",
  'packages/ui/src/into-app-package.tsx':
    "import { routes } from '@plant-kiosk/admin/src/app/routes';\nexport const r = routes;\n",
  'apps/kiosk/src/lib/format.ts': 'export const format = (value: number) => String(value);\n',
  'apps/kiosk/src/lib/shared-up.ts':
    "import { alphaValue } from '../features/alpha';\nexport const s = alphaValue;\n",
  'apps/admin/src/components/into-app.tsx':
    "import { routes } from '../app/routes';\nexport const c = routes;\n",
  'apps/admin/src/app/routes.tsx': 'export const routes = [];\n',
  // Server: routes → lib → db, the demo plant and testing/ kept out of it.
  'apps/server/src/server.ts':
    "import { route } from './routes/route.js';\nexport const s = route;\n",
  'apps/server/src/cli.ts':
    "import { plant } from '../../../demo/src/plant.js';\nexport const c = plant;\n",
  'demo/src/plant.ts':
    "import { row } from '../../apps/server/src/db/schema.js';\nexport const plant = row;\n",
  'apps/server/src/routes/route.ts':
    "import { helper } from '../lib/helper.js';\nexport const route = helper;\n",
  'apps/server/src/routes/into-testing.ts':
    "import { fixture } from '../testing/fixture.js';\nexport const r = fixture;\n",
  'apps/server/src/lib/helper.ts':
    "import { row } from '../db/schema.js';\nexport const helper = row;\n",
  'apps/server/src/lib/into-routes.ts':
    "import { route } from '../routes/route.js';\nexport const l = route;\n",
  'apps/server/src/lib/into-demo.test.ts':
    "import { plant } from '../../../../demo/src/plant.js';\nexport const l = plant;\n",
  'apps/server/src/db/schema.ts': 'export const row = 1;\n',
  'apps/server/src/db/into-lib.ts':
    "import { helper } from '../lib/helper.js';\nexport const d = helper;\n",
  'apps/server/src/db/schema.test.ts':
    "import { helper } from '../lib/helper.js';\nimport { fixture } from '../testing/fixture.js';\nexport const t = [helper, fixture];\n",
  'apps/server/src/testing/fixture.ts':
    "import { route } from '../routes/route.js';\nexport const fixture = [route];\n",
  // Server domains (decision 030): a folder with its routes, service and SQL behind its index.ts.
  'apps/server/src/alerts/index.ts':
    "export { alertRoutes } from './alert-routes.js';\nexport { alertMessage } from './alert-service.js';\n",
  'apps/server/src/alerts/alert-routes.ts':
    "import { startAlert } from './alert-service.js';\nimport { helper } from '../lib/helper.js';\nexport const alertRoutes = [startAlert, helper];\n",
  'apps/server/src/alerts/alert-service.ts':
    "import { AlertRepository } from './alert-repository.js';\nexport const startAlert = AlertRepository;\nexport const alertMessage = 1;\n",
  'apps/server/src/alerts/alert-repository.ts':
    "import { row } from '../db/schema.js';\nexport const AlertRepository = row;\n",
  'apps/server/src/alerts/alert-service.test.ts':
    "import { startAlert } from './alert-service.js';\nimport { fixture } from '../testing/fixture.js';\nexport const t = [startAlert, fixture];\n",
  'apps/server/src/fleet/index.ts': "export { Fleet } from './fleet.js';\n",
  'apps/server/src/fleet/fleet.ts': 'export const Fleet = 1;\n',
  'apps/server/src/alerts/alert-view.ts':
    "import { Fleet } from '../fleet/index.js';\nexport const alertView = Fleet;\n",
  'apps/server/src/alerts/into-fleet.ts':
    "import { Fleet } from '../fleet/fleet.js';\nexport const a = Fleet;\n",
  'apps/server/src/app.ts':
    "import { alertRoutes } from './alerts/index.js';\nexport const app = alertRoutes;\n",
  'apps/server/src/routes/through-domain-index.ts':
    "import { alertMessage } from '../alerts/index.js';\nexport const r = alertMessage;\n",
  'apps/server/src/routes/into-domain.ts':
    "import { startAlert } from '../alerts/alert-service.js';\nexport const r = startAlert;\n",
  'apps/server/src/db/into-domain-sql.ts':
    "import { AlertRepository } from '../alerts/alert-repository.js';\nexport const d = AlertRepository;\n",
  'apps/server/src/routes/into-domain.test.ts':
    "import { AlertRepository } from '../alerts/alert-repository.js';\nexport const t = AlertRepository;\n",
};

let root = '';
/** Boundary messages per fixture file (only files that have some). */
let problems: Record<string, string[]> = {};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eslint-boundaries-'));
  for (const [path, text] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...boundaryConfig(root),
    ],
  });
  problems = {};
  for (const result of await eslint.lintFiles(['apps', 'packages'])) {
    const messages = result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
    if (messages.length) problems[result.filePath.slice(root.length + 1)] = messages;
  }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const only = (path: string) => {
  const messages = problems[path] ?? [];
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatch(/^boundaries\/dependencies: /);
  return messages[0];
};

describe('kiosk and back-office layers', () => {
  it("refuses a feature importing another feature's internals, naming its index.ts", () => {
    expect(only('apps/kiosk/src/features/beta/into-internals.ts')).toContain(
      'only through its public surface, features/alpha/index.ts',
    );
  });

  it('refuses shared code importing a feature', () => {
    expect(only('apps/kiosk/src/lib/shared-up.ts')).toContain(
      'Shared code (lib/, components/, …) must not import a feature or app/',
    );
  });

  it('refuses a feature or shared code importing app/', () => {
    expect(only('apps/kiosk/src/features/beta/into-app.ts')).toContain('Nothing imports app/');
    expect(only('apps/admin/src/components/into-app.tsx')).toContain('Nothing imports app/');
  });

  it("holds tests to the same rules, but lets them mount a screen with app's test harness", () => {
    expect(only('apps/kiosk/src/features/beta/beta.test.tsx')).toContain('features/alpha/index.ts');
  });

  it("refuses production code importing a testing/ file, even its own feature's", () => {
    expect(only('apps/kiosk/src/features/alpha/into-testing.ts')).toContain(
      'Production code must not import a testing/ file',
    );
  });

  it("passes a feature's index, its own internals, shared code, and app/ composing features", () => {
    for (const path of [
      'apps/kiosk/src/features/beta/through-index.ts',
      'apps/kiosk/src/features/alpha/alpha-screen.tsx',
      'apps/kiosk/src/app/routes.tsx',
      'apps/kiosk/src/main.tsx',
    ]) {
      expect(problems[path], path).toBeUndefined();
    }
  });

  it("passes a test using its feature's testing/ file, and a testing/ file using app's harness", () => {
    for (const path of [
      'apps/kiosk/src/features/alpha/alpha-value.test.ts',
      'apps/kiosk/src/features/alpha/testing/alpha-data.ts',
    ]) {
      expect(problems[path], path).toBeUndefined();
    }
  });
});

describe('the shared UI package', () => {
  it('refuses it importing an app, by path or by package name', () => {
    expect(only('packages/ui/src/into-app.tsx')).toContain('imports neither app');
    const byName = problems['packages/ui/src/into-app-package.tsx'] ?? [];
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatch(/^no-restricted-imports: .*imports neither app/);
  });

  it('passes the apps importing it, and it importing its own files and the contract', () => {
    for (const path of [
      'apps/kiosk/src/features/alpha/uses-ui.tsx',
      'packages/ui/src/index.ts',
      'packages/ui/src/drawn.tsx',
    ]) {
      expect(problems[path], path).toBeUndefined();
    }
  });
});

describe('the repository lint', () => {
  it('applies the rule to every app source file, as an error', async () => {
    const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') });
    for (const file of [
      'apps/kiosk/src/features/content/use-zone.ts',
      'apps/admin/src/lib/labels.ts',
      'apps/server/src/db/database.ts',
      'packages/ui/src/alert-takeover.tsx',
    ]) {
      const config = (await eslint.calculateConfigForFile(file)) as {
        rules: Record<string, unknown[]>;
      };
      expect(config.rules['boundaries/dependencies']?.[0], file).toBe(2);
    }
  });
});

describe('server layers and domains', () => {
  it('refuses db/ importing lib/', () => {
    expect(only('apps/server/src/db/into-lib.ts')).toContain('db/ is the lowest server layer');
  });

  it('refuses lib/ importing routes/', () => {
    expect(only('apps/server/src/lib/into-routes.ts')).toContain('lib/ must not import routes/');
  });

  it('refuses the server, its tests included, importing the demo plant, and production code a testing/ file', () => {
    expect(only('apps/server/src/lib/into-demo.test.ts')).toContain(
      'The server imports nothing of the demo plant',
    );
    expect(only('apps/server/src/cli.ts')).toContain(
      'The server imports nothing of the demo plant',
    );
    expect(only('apps/server/src/routes/into-testing.ts')).toContain(
      'Production code must not import a testing/ file',
    );
  });

  it('passes routes → lib → db, the demo reading the server, and tests and their support', () => {
    for (const path of [
      'apps/server/src/routes/route.ts',
      'apps/server/src/lib/helper.ts',
      'apps/server/src/server.ts',
      'demo/src/plant.ts',
      'apps/server/src/db/schema.test.ts',
      'apps/server/src/testing/fixture.ts',
    ]) {
      expect(problems[path], path).toBeUndefined();
    }
  });

  it("refuses an import into a domain's internals, from another domain, plumbing or a test", () => {
    expect(only('apps/server/src/routes/into-domain.ts')).toContain(
      'only through its public surface, apps/server/src/alerts/index.ts',
    );
    expect(only('apps/server/src/db/into-domain-sql.ts')).toContain(
      "Nothing reaches into another domain's SQL",
    );
    expect(only('apps/server/src/alerts/into-fleet.ts')).toContain(
      'only through its public surface, apps/server/src/fleet/index.ts',
    );
    expect(only('apps/server/src/routes/into-domain.test.ts')).toContain(
      'apps/server/src/alerts/index.ts',
    );
  });

  it("passes a domain's index, a domain's own files and its tests, and app.ts composing it", () => {
    for (const path of [
      'apps/server/src/routes/through-domain-index.ts',
      'apps/server/src/app.ts',
      'apps/server/src/alerts/index.ts',
      'apps/server/src/alerts/alert-routes.ts',
      'apps/server/src/alerts/alert-service.ts',
      'apps/server/src/alerts/alert-repository.ts',
      'apps/server/src/alerts/alert-service.test.ts',
      'apps/server/src/alerts/alert-view.ts',
    ]) {
      expect(problems[path], path).toBeUndefined();
    }
  });

  it('reports nothing else on the fixtures', () => {
    expect(Object.keys(problems).sort()).toEqual(
      [
        'apps/admin/src/components/into-app.tsx',
        'apps/kiosk/src/features/beta/beta.test.tsx',
        'apps/kiosk/src/features/beta/into-app.ts',
        'apps/kiosk/src/features/beta/into-internals.ts',
        'apps/kiosk/src/features/alpha/into-testing.ts',
        'apps/kiosk/src/lib/shared-up.ts',
        'apps/server/src/alerts/into-fleet.ts',
        'apps/server/src/cli.ts',
        'apps/server/src/db/into-domain-sql.ts',
        'apps/server/src/db/into-lib.ts',
        'apps/server/src/lib/into-routes.ts',
        'apps/server/src/lib/into-demo.test.ts',
        'apps/server/src/routes/into-domain.test.ts',
        'apps/server/src/routes/into-domain.ts',
        'apps/server/src/routes/into-testing.ts',
        'packages/ui/src/into-app.tsx',
        'packages/ui/src/into-app-package.tsx',
      ].sort(),
    );
  });
});
