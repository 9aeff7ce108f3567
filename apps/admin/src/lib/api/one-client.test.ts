/**
 * The back-office names each route once (decision 031): a screen calls `call(name, { params,
 * query, body })` and takes a stream's or a download's URL from `pathOf(name, …)`, never a path
 * built by hand. This test reads every source of the back-office as the build will and lists
 * those that still build a path — with the contract's hand-made builders (`adminPaths`,
 * `adminFleetPaths`…), the older `api.call`/`api.read` or a per-area wrapper — or write one out.
 * The list only shrinks: a file moved to the client leaves it (the test says so when one is
 * left behind), and no other file may join it.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/testing/**'],
  { query: '?raw', import: 'default', eager: true },
);

/** Ways of building a path by hand. */
const HAND_MADE: [string, RegExp][] = [
  ['a hand-made path builder of the contract', /\b(?:api|admin[A-Za-z]*)Paths\b/],
  ['the older api.call / api.read', /\bapi\.(?:call|read|get|post|put|patch|delete)\(/],
  ['a per-area API wrapper', /\b(?:adminApi|mediaApi|settingsApi|templateApi)\s*\./],
  ['an API path written out', /["'`]\/(?:api|display|stream)\//],
];

/**
 * Not moved yet (issue 43, part 1): the media screens and their wrappers, and the client's own
 * older form. Remove a file from here when it moves.
 */
const NOT_MOVED_YET = [
  // (paths as the glob names them from here)
  './client.ts',
];

const offenders = () =>
  Object.entries(sources)
    .filter(([, text]) => HAND_MADE.some(([, pattern]) => pattern.test(text)))
    .map(([path]) => path)
    .sort();

describe('one client: no path built by hand in the back-office', () => {
  it('reads the back-office sources (not an empty glob)', () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths).toContain('../../features/users/users-page.tsx');
  });

  it('no screen builds a path by hand but those not moved yet', () => {
    expect(offenders().filter((path) => !NOT_MOVED_YET.includes(path))).toEqual([]);
  });

  it('a screen moved to the client leaves the list of those not moved yet', () => {
    expect(NOT_MOVED_YET.filter((path) => !offenders().includes(path))).toEqual([]);
  });

  it('would catch each way of building a path by hand', () => {
    const former = [
      `api.call('adminCreateZone', adminPaths.zones(devid), body)`,
      `api.read('adminFleet', '/api/admin/fleet')`,
      `const { data } = await adminApi.updateUser(user.userid, body);`,
      'mediaApi\n      .list(devid, kind)',
      'new EventSource(`/api/admin/developments/${devid}/alert/stream`)',
    ];
    for (const text of former) {
      expect(
        HAND_MADE.some(([, pattern]) => pattern.test(text)),
        text,
      ).toBe(true);
    }
    expect(HAND_MADE.some(([, pattern]) => pattern.test(`call('adminUsers')`))).toBe(false);
  });
});
