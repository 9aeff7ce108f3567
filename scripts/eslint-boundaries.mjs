/**
 * The layers of the code, as an ESLint rule (decision 025): `npm run lint` fails on an import that
 * goes the wrong way, with a message that says what to do instead.
 *
 * Kiosk and back-office (apps/kiosk/src, apps/admin/src):
 *   main.tsx → app/ → features/<name>/ → shared (lib/, components/, i18n/, styles/, testing/)
 *   - shared code imports nothing above it (no feature, no app/);
 *   - a feature uses another feature only through its public surface, `features/<name>/index.ts`;
 *   - nothing imports app/ but the entry (`main.tsx`): app/ is the composition root (routes, lazy
 *     screens), so it may itself reach into any feature (lazy screens must stay out of an index).
 *     Tests follow the same rules, except that a test (or a testing/ file) may mount its screen
 *     with the shell's test harness, app/testing/render-in-kiosk.tsx.
 * Server (apps/server/src): a folder per domain (decision 030), over shared plumbing in lib/ and db/
 *   - a domain folder (SERVER_DOMAINS: alerts/, …) holds its routes, service and SQL; any other
 *     code — another domain, lib/, db/, routes/, app.ts, tests — uses it only through its public
 *     surface, `<domain>/index.ts`, so nothing reaches into another domain's SQL (its repositories);
 *   - what has not moved into a domain yet keeps decision 025's layers, routes/ → lib/ → db/:
 *     db/ imports neither lib/ nor routes/, lib/ does not import routes/;
 *   - nothing in the server imports the demo plant (demo/, issue 44): the server carries the
 *     product, the demo comes to it as a content pack.
 *   Server tests (`*.test.ts`, testing/) may reach any layer: they assemble the whole stack
 *   to observe a behaviour (a migration test reads through lib's snapshot cache); but another
 *   domain's folder only through its index, like production code.
 * Shared UI package (packages/ui, @plant-kiosk/ui, issue 43): what both apps draw. The apps import it
 *   by its name; it imports neither app (no path into apps/, no `@plant-kiosk/kiosk|admin|server`),
 *   or the two apps would be tied through it.
 * Everywhere: test helpers live in a testing/ folder beside the code they serve, and production
 * code never imports a file under any testing/ folder; tests and other testing/ files may.
 *
 * Imports are resolved by ./eslint-ts-resolver.cjs (no native resolver needed). The same function
 * builds the rule for the repository (eslint.config.js) and for its fixture test, rooted elsewhere.
 */
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

const resolver = fileURLToPath(new URL('./eslint-ts-resolver.cjs', import.meta.url));

const SHARED = ['lib', 'components', 'i18n', 'styles', 'testing'];

/**
 * The server's domain folders (decision 030): each holds its routes, its service and its SQL
 * behind one index.ts. A domain joins this list in the commit that gathers it.
 */
const SERVER_DOMAINS = [
  'accounts',
  'alerts',
  'audit',
  'content',
  'display',
  'fleet',
  'health',
  'media',
  'metrics',
  'notifications',
  'packs',
  'publishing',
  'settings',
  'sso',
  'streaming',
  'usage',
];

/** Where each layer lives. The first descriptor that matches a folder wins (server first). */
const elements = [
  { type: 'server-routes', pattern: 'apps/server/src/routes', partialMatch: false },
  { type: 'server-lib', pattern: 'apps/server/src/lib', partialMatch: false },
  { type: 'server-db', pattern: 'apps/server/src/db', partialMatch: false },
  ...SERVER_DOMAINS.map((domain) => ({
    type: 'server-domain',
    pattern: `apps/server/src/${domain}`,
    partialMatch: false,
  })),
  // The rest of the server (app.ts, cli.ts, server.ts, plugins/, testing/): known, so its imports
  // are checked.
  { type: 'server-root', pattern: 'apps/server/src', partialMatch: false },
  { type: 'ui-app', pattern: 'apps/*/src/app', capture: ['app'], partialMatch: false },
  {
    type: 'ui-feature',
    pattern: 'apps/*/src/features/*',
    capture: ['app', 'feature'],
    partialMatch: false,
  },
  {
    type: 'ui-shared',
    pattern: `apps/*/src/{${SHARED.join(',')}}`,
    capture: ['app'],
    partialMatch: false,
  },
  { type: 'ui-package', pattern: 'packages/ui', partialMatch: false },
  { type: 'demo', pattern: 'demo', partialMatch: false },
];

const files = [
  { category: 'code', pattern: '**' },
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'test', pattern: '**/testing/**' },
];

const MESSAGES = {
  sharedUp:
    'Shared code (lib/, components/, …) must not import a feature or app/: move what it needs down ' +
    'into lib/ or components/, or let the caller pass it in.',
  appImported:
    'Nothing imports app/ (the composition root; only main.tsx does): move the piece you need ' +
    'into lib/ or components/.',
  featureInternals:
    'Import another feature only through its public surface, ' +
    'features/{{to.element.captured.feature}}/index.ts: export what you need from there ' +
    '(a lazy screen stays out of an index; app/ imports it).',
  dbUp:
    'db/ is the lowest server layer: it imports neither lib/ nor routes/. Throw a db error and ' +
    'map it in lib/ or routes/, or move the shared type into db/.',
  domainInternals:
    'Use another server domain only through its public surface, {{to.element.path}}/index.ts: ' +
    "export what you need from there. Nothing reaches into another domain's SQL (decision 030): " +
    'ask its index for a service, or for the repository its owner chose to share.',
  libUp: 'lib/ must not import routes/ (routes → lib → db): move the shared piece into lib/.',
  demo:
    'The server imports nothing of the demo plant (demo/): the demo reaches it as a content pack ' +
    '(DEMO_PACK, docs/content-packs.md).',
  uiPackageUp:
    'The shared UI package (packages/ui) imports neither app: it draws from its props. Let the ' +
    'app pass what it needs in, or move the shared piece into packages/ui (or the contract).',
  testing:
    'Production code must not import a testing/ file: test helpers are for tests (*.test.ts) and ' +
    'other testing/ files only.',
};

/**
 * The ESLint flat-config blocks of the boundary rule.
 * @param {string} rootPath absolute path of the repository the patterns are relative to
 * @returns {import('eslint').Linter.Config[]}
 */
export function boundaryConfig(rootPath) {
  return [
    {
      files: ['apps/*/src/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
      plugins: { boundaries },
      settings: {
        'boundaries/root-path': rootPath,
        'boundaries/elements': elements,
        'boundaries/files': files,
        'boundaries/legacy-templates': false,
        'import/resolver': { [resolver]: {} },
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'allow',
            // Imports inside one element (a feature's own files) are checked too: the testing/
            // rule below must see a feature importing its own testing/ folder.
            checkInternals: true,
            policies: [
              {
                from: { element: { type: 'ui-shared' } },
                disallow: {
                  to: { element: { type: ['ui-feature', 'ui-app'] } },
                },
                message: MESSAGES.sharedUp,
              },
              {
                from: { element: { type: ['ui-feature', 'ui-shared'] } },
                disallow: { to: { element: { type: 'ui-app' } } },
                message: MESSAGES.appImported,
              },
              // The one exception: a test may mount its screen with app/testing/ (the kiosk shell's
              // test harness, render-in-kiosk.tsx; it imports only shared code).
              {
                from: { file: { categories: 'test' } },
                allow: {
                  to: {
                    element: { type: 'ui-app' },
                    file: { path: '**/src/app/testing/**' },
                  },
                },
              },
              {
                from: { element: { type: 'ui-feature' } },
                disallow: {
                  to: {
                    element: { type: 'ui-feature', fileInternalPath: '!index.ts' },
                  },
                  // Another feature only (no tie between two features: null); a feature's own
                  // files are free to import each other.
                  dependency: { relationship: { to: [null, '!internal'] } },
                },
                message: MESSAGES.featureInternals,
              },
              {
                from: { element: { type: 'ui-package' } },
                disallow: { to: { file: { path: 'apps/**' } } },
                message: MESSAGES.uiPackageUp,
              },
              {
                from: {
                  element: { type: 'server-db' },
                  file: { categories: { noneOf: ['test'] } },
                },
                disallow: { to: { element: { type: ['server-lib', 'server-routes'] } } },
                message: MESSAGES.dbUp,
              },
              {
                // On the server, tests too: a test outside a domain drives it through its index
                // (or over HTTP), so its internals stay free to change.
                from: { file: { path: 'apps/server/**' } },
                disallow: {
                  to: {
                    element: { type: 'server-domain', fileInternalPath: '!index.ts' },
                  },
                  // Another element only: a domain's own files are free to import each other.
                  dependency: { relationship: { to: [null, '!internal'] } },
                },
                message: MESSAGES.domainInternals,
              },
              {
                from: {
                  element: { type: 'server-lib' },
                  file: { categories: { noneOf: ['test'] } },
                },
                disallow: { to: { element: { type: 'server-routes' } } },
                message: MESSAGES.libUp,
              },
              {
                from: { file: { path: 'apps/server/**' } },
                disallow: { to: { element: { type: 'demo' } } },
                message: MESSAGES.demo,
              },
              {
                from: { file: { categories: { noneOf: ['test'] } } },
                disallow: { to: { file: { path: '**/testing/**' } } },
                message: MESSAGES.testing,
              },
            ],
          },
        ],
      },
    },
    {
      // The resolver leaves package names unresolved (outside the layers): the apps' own package
      // names are refused here instead.
      files: ['packages/ui/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^@plant-kiosk/(kiosk|admin|server)(/|$)',
                message: MESSAGES.uiPackageUp,
              },
            ],
          },
        ],
      },
    },
  ];
}
