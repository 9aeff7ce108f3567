import { describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, adminPaths, adminRoutePatterns } from './admin.js';

describe('admin api paths', () => {
  it('builds every path from its route pattern, with encoded ids and the version to delete', () => {
    const fill = (pattern: string) => `${ADMIN_API_PREFIX}${pattern.replace(/:[a-z]+/g, '7')}`;
    const built: Record<keyof typeof adminRoutePatterns, string> = {
      login: adminPaths.login(),
      logout: adminPaths.logout(),
      me: adminPaths.me(),
      session: adminPaths.session(),
      contentModels: adminPaths.contentModels(),
      developments: adminPaths.developments(),
      accounts: adminPaths.accounts(7),
      accountPassword: adminPaths.accountPassword(7, 7),
      revokeTokens: adminPaths.revokeTokens(7),
      users: adminPaths.users(),
      user: adminPaths.user(7),
      zones: adminPaths.zones(7),
      zone: adminPaths.zone(7),
      elements: adminPaths.elements(7),
      elementsOrder: adminPaths.elementsOrder(7),
      element: adminPaths.element(7),
      subelements: adminPaths.subelements(7),
      subelementsOrder: adminPaths.subelementsOrder(7),
      subelement: adminPaths.subelement(7),
      subgroups: adminPaths.subgroups(7),
      subgroupsOrder: adminPaths.subgroupsOrder(7),
      subgroup: adminPaths.subgroup(7),
      publish: adminPaths.publish(7),
      revisions: adminPaths.revisions(7),
      revisionChanges: adminPaths.revisionChanges(7, 7),
      draftChanges: adminPaths.draftChanges(7),
      discardDraft: adminPaths.discardDraft(7),
      rollback: adminPaths.rollback(7, 7),
      rollbackPreview: adminPaths.rollbackPreview(7, 7),
      revisionContent: adminPaths.revisionContent(7, 7),
      audit: adminPaths.audit(),
    };
    for (const [name, pattern] of Object.entries(adminRoutePatterns)) {
      expect(built[name as keyof typeof adminRoutePatterns], name).toBe(fill(pattern));
    }
    expect(adminPaths.zone(12, 3)).toBe('/api/admin/zones/12?expectedVersion=3');
    expect(adminPaths.element('a/b')).toBe('/api/admin/elements/a%2Fb');
    expect(adminPaths.audit({ devid: 2, limit: 20 })).toBe('/api/admin/audit?devid=2&limit=20');
    expect(adminPaths.revisions(3, { limit: 10, before: 40 })).toBe(
      '/api/admin/developments/3/revisions?limit=10&before=40',
    );
    expect(adminPaths.rollbackPreview(3, 12, { limit: 5 })).toBe(
      '/api/admin/developments/3/revisions/12/rollback-preview?limit=5',
    );
  });
});
