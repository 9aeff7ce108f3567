/**
 * What the audit log says of a publish, a rollback and a discard — the same entry whatever the
 * door (issue 42): a back-office user, or the publish token as "api", or "cli" when the CLI says
 * so. The publishing service writes it in the transaction of what it records, so a revision is
 * never without its entry nor an entry without its revision.
 *
 * A publish's entry also says how many kiosks its stream message reached (`delivered`), which is
 * only known after the commit, once the message went out: the entry is written with `delivered`
 * null — the message not sent yet — and completed with the count after it (the audit
 * domain's `complete`). An entry left
 * at null says the publish committed and its message never went out.
 */
import type { PublishRequest, PublishResponse } from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import { AdminAuditRepository, type AuditInput } from '../audit/index.js';
import type { Database } from '../db/schema.js';
import type { RevisionAuthor, RevisionCounts } from './change-kinds.js';

/** Who asks for a publish, a rollback or a discard. */
export type Publisher =
  | {
      kind: 'user';
      userid: number;
      username: string;
      /** An admin (four-eyes: only an admin may publish without approval, with a reason). */
      admin?: boolean;
    }
  | { kind: 'api' | 'cli' };

/** The author a revision records for who asked. */
export const authorOf = (who: Publisher): RevisionAuthor =>
  who.kind === 'user'
    ? { kind: 'user', name: who.username, userid: who.userid }
    : { kind: who.kind, name: null, userid: null };

/** Who the audit log names: the user, or the token's door ("api", "cli") with no user id. */
export const auditedAs = (who: Publisher) =>
  who.kind === 'user'
    ? { userid: who.userid, username: who.username }
    : { userid: null, username: who.kind };

/** The publish's answer before its message went out: `delivered` not known yet. */
export type Published = Omit<PublishResponse, 'delivered'> & { delivered: number | null };

/** The audit entry of a publish, with the revision and whether the publish created it. */
export function publishAuditEntry(
  at: Date,
  devid: number,
  request: PublishRequest,
  result: Published,
  who: Publisher,
): AuditInput {
  const { message } = result;
  const onlyZone = request.type === undefined ? request.zoneid : undefined;
  return {
    at,
    ...auditedAs(who),
    devid,
    action: 'publish',
    targetType:
      onlyZone !== undefined ? 'zone' : message.type === 'sync' ? 'development' : message.type,
    targetId:
      onlyZone !== undefined
        ? onlyZone
        : message.type === 'element'
          ? (message.elementid ?? null)
          : message.type === 'zone'
            ? (message.zoneid ?? null)
            : devid,
    summary: {
      ...(onlyZone !== undefined ? { onlyZone } : {}),
      note: request.note?.trim() || null,
      message,
      delivered: result.delivered,
      revision: result.revision,
      created: result.created,
      counts: result.counts,
    },
  };
}

/** The audit entry of a rollback that created a revision. */
export const rollbackAuditEntry = (
  at: Date,
  devid: number,
  rolledBackTo: number,
  revision: number,
  counts: RevisionCounts,
  who: Publisher,
): AuditInput => ({
  at,
  ...auditedAs(who),
  devid,
  action: 'revision.rollback',
  targetType: 'development',
  targetId: devid,
  summary: { rolledBackTo, revision, counts },
});

/** The audit entry of a discard that undid something (the published revision it returned to). */
export const discardAuditEntry = (
  at: Date,
  devid: number,
  zoneid: number | undefined,
  revision: number,
  counts: RevisionCounts,
  who: Publisher,
): AuditInput => ({
  at,
  ...auditedAs(who),
  devid,
  action: 'draft.discard',
  targetType: zoneid === undefined ? 'development' : 'zone',
  targetId: zoneid ?? devid,
  summary: { revision, counts },
});

/** Writes the entry in the caller's transaction; its id (a publish's is completed after the commit). */
export function writeAudit(trx: Transaction<Database>, entry: AuditInput): Promise<number> {
  return new AdminAuditRepository(trx).insert(entry);
}
