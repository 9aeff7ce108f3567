/**
 * From the provider's groups to back-office rights (decision 046). Every rule whose group the user
 * is in applies, and they add up: the admin role wins, developments are joined (`all` means every
 * development that exists at the sign-in), a right given by one rule is given. No matching rule:
 * no rights, so no session.
 */
import type { AdminRole, SsoGroupRule } from '@plant-kiosk/contract';

export interface MappedRights {
  role: AdminRole;
  /** The editor's developments (empty for an admin). */
  devids: number[];
  canPublish: boolean;
  canAlert: boolean;
  /** The groups that gave them, for the audit log. */
  groups: string[];
}

/** The groups a claim carries: a list of strings, or one string; anything else is none. */
export function groupsOf(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((item): item is string => typeof item === 'string');
  return [];
}

export function mapRights(
  rules: readonly SsoGroupRule[],
  groups: readonly string[],
  existingDevids: readonly number[],
): MappedRights | null {
  const member = new Set(groups);
  const matched = rules.filter((rule) => member.has(rule.group.trim()));
  if (matched.length === 0) return null;
  const admin = matched.some((rule) => rule.role === 'admin');
  const existing = new Set(existingDevids);
  const devids = new Set<number>();
  for (const rule of matched) {
    const list = rule.developments === 'all' ? existingDevids : rule.developments;
    for (const devid of list) if (existing.has(devid)) devids.add(devid);
  }
  return {
    role: admin ? 'admin' : 'editor',
    devids: admin ? [] : [...devids].sort((a, b) => a - b),
    canPublish: admin || matched.some((rule) => rule.canPublish),
    canAlert: admin || matched.some((rule) => rule.canAlert),
    groups: matched.map((rule) => rule.group.trim()),
  };
}
