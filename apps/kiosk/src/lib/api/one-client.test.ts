/**
 * The kiosk names each route once (decision 031): a JSON call goes through the contract's typed
 * client (`call(name, { params, query, body })`, behind api-client.ts's named methods) and what is
 * not one — the ping, the snapshot and the delta with their 304, the event stream, /config.json —
 * takes its path from `pathOf(name, …)`, never a path built by hand. This test reads every source
 * of the kiosk as the build will and lists any that builds a path — with the contract's hand-made
 * builders (`apiPaths`, `routePatterns`, `adminPaths`…) or by filling a route's pattern itself —
 * or writes one out.
 *
 * The service worker's list of the server's URL prefixes (sw.ts, regular expressions such as
 * `/^\/display\//`) says which requests it leaves alone; it builds no path and is not caught.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/testing/**'],
  { query: '?raw', import: 'default', eager: true },
);

/**
 * A source without its comments: they describe calls in prose (`GET /display/changes/:devid`),
 * which is not building one.
 */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Ways of building a path by hand. */
const HAND_MADE: [string, RegExp][] = [
  ['a hand-made path builder of the contract', /\b(?:api|admin[A-Za-z]*)Paths\b|\broutePatterns\b/],
  ['a route pattern filled by hand', /\bfillPath\s*\(|\bROUTES\s*(?:\.|\[)/],
  // After a quote, or after `${base}` in a template.
  ['an API path written out', /["'`}]\/(?:api|display|stream|clientauth)\b/],
];

const offenders = () =>
  Object.entries(sources)
    .filter(([, text]) => HAND_MADE.some(([, pattern]) => pattern.test(code(text))))
    .map(([path]) => path)
    .sort();

describe('one client: no path built by hand in the kiosk', () => {
  it('reads the kiosk sources (not an empty glob)', () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toContain('/src/lib/api/api-client.ts');
    expect(paths).toContain('/src/app/kiosk-services.ts');
    expect(paths).toContain('/src/lib/config/runtime-config.ts');
  });

  it('no source builds a path by hand', () => {
    expect(offenders()).toEqual([]);
  });

  it('would catch each way of building a path by hand', () => {
    const former = [
      `url: content(apiPaths.zones(devid))`,
      'const path = apiPaths.streamWithTicket(devid, ticket, { ...identity, kioskId });',
      `path.endsWith(routePatterns.login)`,
      `fillPath(ROUTES.snapshot.path, { devid })`,
      'fetch(`${config.contentBase}/display/zones/${devid}`)',
      "new URL('/clientauth', config.authBase)",
      'new EventSource(`${streamBase}/stream/${devid}?ticket=${ticket}`)',
    ];
    for (const text of former) {
      expect(
        HAND_MADE.some(([, pattern]) => pattern.test(code(text))),
        text,
      ).toBe(true);
    }
    for (const text of [
      `call('zones', { params: { devid } }, opts)`,
      '/** Asks `GET /display/changes/:devid?since=N`. */',
      '// `/stream/{devid}?ticket=…`',
      `pathOf('stream', { params: { devid }, query: { ticket } })`,
      `pathOf('config')`,
    ]) {
      expect(
        HAND_MADE.some(([, pattern]) => pattern.test(code(text))),
        text,
      ).toBe(false);
    }
  });
});
