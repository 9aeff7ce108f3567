/**
 * What an audit entry says of a change, shared by every domain that writes one: who made it, and
 * what changed, with long texts shortened.
 */

/** Who makes the change, for the audit log. */
export interface Actor {
  userid: number;
  username: string;
}

/** Shortens long texts for the audit log. */
export function brief(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 300) return `${value.slice(0, 300)}…`;
  return value;
}

/** The changed keys of `after` compared to `before`, as `{ before, after }` for the audit log. */
export function changes<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T)[],
): { before: Partial<Record<keyof T, unknown>>; after: Partial<Record<keyof T, unknown>> } {
  const was: Partial<Record<keyof T, unknown>> = {};
  const now: Partial<Record<keyof T, unknown>> = {};
  for (const key of keys) {
    if (before[key] === after[key]) continue;
    was[key] = brief(before[key]);
    now[key] = brief(after[key]);
  }
  return { before: was, after: now };
}
