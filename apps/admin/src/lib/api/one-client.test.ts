/**
 * The back-office names each route once (decision 031): a screen calls `call(name, { params,
 * query, body })` and takes a stream's or a download's URL from `pathOf(name, …)`, never a path
 * built by hand. This test reads every source of the back-office as the build will and lists
 * any that builds a path — with the contract's hand-made builders (`adminPaths`,
 * `adminFleetPaths`…), the former `api.call`/`api.read` or a per-area wrapper — or writes one out.
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

  it('no source builds a path by hand', () => {
    expect(offenders()).toEqual([]);
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
