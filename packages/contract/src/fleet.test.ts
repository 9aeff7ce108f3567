import { describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX } from './admin.js';
import { adminFleetPaths, adminFleetRoutePatterns } from './fleet.js';
import { adminMediaPaths, adminMediaRoutePatterns } from './media.js';
import { apiPaths, routePatterns } from './paths.js';

const fill = (pattern: string) => pattern.replace(/:[a-z]+/g, '7');

describe('media and fleet paths', () => {
  it('builds every admin path from its route pattern', () => {
    expect(adminMediaPaths.list(7)).toBe(
      `${ADMIN_API_PREFIX}${fill(adminMediaRoutePatterns.list)}`,
    );
    expect(adminMediaPaths.item(7)).toBe(
      `${ADMIN_API_PREFIX}${fill(adminMediaRoutePatterns.item)}`,
    );
    expect(adminMediaPaths.list(3, { kind: 'pdf' })).toBe(
      '/api/admin/developments/3/media?kind=pdf',
    );
    expect(adminFleetPaths.list()).toBe(`${ADMIN_API_PREFIX}${adminFleetRoutePatterns.list}`);
    expect(adminFleetPaths.stream({ devid: 2 })).toBe('/api/admin/fleet/stream?devid=2');
  });

  it('builds the heartbeat path and the identified stream URL', () => {
    expect(apiPaths.heartbeat(7)).toBe(fill(routePatterns.heartbeat));
    expect(apiPaths.stream(4, 'tok', { kioskId: 'k-1', mode: 'totem', totem: 'Moulage' })).toBe(
      '/stream/4?token=tok&kioskId=k-1&mode=totem&totem=Moulage',
    );
    expect(apiPaths.stream(4, 'tok')).toBe('/stream/4?token=tok');
  });
});
