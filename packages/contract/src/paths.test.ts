import { describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, adminRoutePatterns } from './admin.js';
import { adminFleetRoutePatterns } from './fleet.js';
import { adminMediaRoutePatterns } from './media.js';
import { routePatterns } from './paths.js';
import { pathOf } from './route-client.js';
import { ROUTES, type RouteName } from './route-table.js';

/** Every parameter of a pattern set to 7. */
const fill = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, '7');
const sevens = (path: string) =>
  Object.fromEntries([...path.matchAll(/:([a-zA-Z]+)/g)].map(([, name]) => [name, 7]));
const loosePathOf = pathOf as (name: RouteName, args?: object) => string;

describe('paths from the route table (pathOf)', () => {
  it('builds the spec paths with encoded segments and repeated fields', () => {
    expect(pathOf('zone', { params: { devid: 3, zonename: "Numéros d'urgence" } })).toBe(
      "/display/zone/3/Num%C3%A9ros%20d'urgence",
    );
    expect(pathOf('elements', { params: { zoneid: 7 }, query: { order: 6, quantity: 5 } })).toBe(
      '/display/elements/7?order=6&quantity=5',
    );
    expect(pathOf('elements', { params: { zoneid: 7 } })).toBe('/display/elements/7');
    expect(
      pathOf('populatedSubgroups', {
        params: { elementid: 4, modelLabel: 'Produit' },
        query: { fields: ['titre', 'image'] },
      }),
    ).toBe('/display/subgroups/4/populated/Produit?fields=titre&fields=image');
    expect(pathOf('subgroups', { params: { elementid: 9 } })).toBe('/display/9/subgroups');
  });

  it('fills every route of the table, and the server patterns name the same paths', () => {
    for (const [name, route] of Object.entries(ROUTES) as [RouteName, { path: string }][]) {
      expect(loosePathOf(name, { params: sevens(route.path) }), name).toBe(fill(route.path));
    }
    const patterns = [
      ...Object.values(adminRoutePatterns),
      ...Object.values(adminFleetRoutePatterns),
      ...Object.values(adminMediaRoutePatterns),
    ].map((pattern) => `${ADMIN_API_PREFIX}${pattern}`);
    const tablePaths = new Set(Object.values(ROUTES).map((route) => route.path));
    for (const pattern of [...patterns, ...Object.values(routePatterns)]) {
      expect(tablePaths.has(pattern), pattern).toBe(true);
    }
  });

  it('puts the version to delete, the filters and the identified stream in the query', () => {
    expect(
      pathOf('adminDeleteZone', { params: { zoneid: 12 }, query: { expectedVersion: 3 } }),
    ).toBe('/api/admin/zones/12?expectedVersion=3');
    expect(loosePathOf('adminElement', { params: { elementid: 'a/b' } })).toBe(
      '/api/admin/elements/a%2Fb',
    );
    expect(pathOf('adminAudit', { query: { devid: 2, limit: 20 } })).toBe(
      '/api/admin/audit?devid=2&limit=20',
    );
    expect(
      pathOf('adminRevisions', { params: { devid: 3 }, query: { limit: 10, before: 40 } }),
    ).toBe('/api/admin/developments/3/revisions?limit=10&before=40');
    expect(
      pathOf('adminRollbackPreview', { params: { devid: 3, revision: 12 }, query: { limit: 5 } }),
    ).toBe('/api/admin/developments/3/revisions/12/rollback-preview?limit=5');
    expect(pathOf('adminMedia', { params: { devid: 3 }, query: { kind: 'pdf' } })).toBe(
      '/api/admin/developments/3/media?kind=pdf',
    );
    expect(pathOf('adminFleetStream', { query: { devid: 2 } })).toBe(
      '/api/admin/fleet/stream?devid=2',
    );
    expect(
      pathOf('stream', {
        params: { devid: 4 },
        query: { token: 'tok', kioskId: 'k-1', mode: 'totem', totem: 'Moulage' },
      }),
    ).toBe('/stream/4?token=tok&kioskId=k-1&mode=totem&totem=Moulage');
    expect(pathOf('stream', { params: { devid: 4 }, query: { token: 'tok' } })).toBe(
      '/stream/4?token=tok',
    );
  });
});
