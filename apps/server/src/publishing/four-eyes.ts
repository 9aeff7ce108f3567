/**
 * Four-eyes publishing's gate (issue 51, part 2; decision 048): the setting per development, and
 * the check every publishing door passes under the development's lock — the back-office's publish
 * and schedule, its rollback, the publish token (integrations and the CLI). Being in the service
 * rather than in each door is what makes it impossible to go round: a new door gets it by calling
 * the service. An approved request does not come through here: its approval is the second pair of
 * eyes (publication-requests.ts).
 *
 * While four-eyes is on:
 * - the publish token and the CLI are refused, unless the setting allows them;
 * - a back-office user is refused and pointed to « Demander une publication », unless an admin
 *   gives a reason to publish without approval (the wrong emergency number at 3 a.m.): then it goes
 *   through, and the audit log says who, why and what (`publish.bypass`), in the same transaction;
 *   the gate answers the bypass so that the service tells the plant's IT once it committed (a
 *   publication notice: notifications/publication-notices.ts).
 */
import type { FourEyesSettings, FourEyesSettingsRequest } from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { forbidden, notFound } from '../lib/envelope.js';
import { ConflictError } from '../lib/admin/errors.js';
import type { Db } from './change-kinds.js';
import { auditedAs, writeAudit, type Publisher } from './publish-audit.js';

/** What is being done: the words of the refusal and of the audit entry. */
export type GatedAction = 'publish' | 'schedule' | 'rollback';

const WHAT: Record<GatedAction, string> = {
  publish: 'publier',
  schedule: 'programmer une publication',
  rollback: 'revenir à une version',
};

/** An admin's way through the gate: who, what and why, for the notice told after the commit. */
export interface Bypass {
  username: string;
  action: GatedAction;
  reason: string;
}

/** 409 with `data.reason` = `four-eyes`: the back-office offers « Demander » instead. */
export class FourEyesError extends ConflictError {
  constructor(message: string) {
    super({ reason: 'four-eyes' }, message);
    this.name = 'FourEyesError';
  }
}

export async function fourEyesOf(db: Db, devid: number): Promise<FourEyesSettings> {
  const row = await db
    .selectFrom('developments')
    .select(['devid', 'four_eyes', 'four_eyes_token', 'four_eyes_at', 'four_eyes_by'])
    .where('devid', '=', devid)
    .executeTakeFirst();
  if (!row) throw notFound(`Le développement ${devid} n’existe pas.`);
  return {
    devid: row.devid,
    enabled: row.four_eyes === 1,
    allowToken: row.four_eyes_token === 1,
    updatedAt: row.four_eyes_at,
    updatedBy: row.four_eyes_by,
  };
}

/** Turns four-eyes on or off (an admin), audited in the same transaction. */
export async function saveFourEyes(
  trx: Transaction<Database>,
  devid: number,
  request: FourEyesSettingsRequest,
  who: { userid: number; username: string },
  now: Date,
): Promise<FourEyesSettings> {
  const before = await fourEyesOf(trx, devid);
  const allowToken = request.allowToken ?? before.allowToken;
  await trx
    .updateTable('developments')
    .set({
      four_eyes: request.enabled ? 1 : 0,
      four_eyes_token: allowToken ? 1 : 0,
      four_eyes_at: now.toISOString(),
      four_eyes_by: who.username,
    })
    .where('devid', '=', devid)
    .execute();
  await writeAudit(trx, {
    at: now,
    ...who,
    devid,
    action: 'publish.four-eyes',
    targetType: 'development',
    targetId: devid,
    summary: {
      from: { enabled: before.enabled, allowToken: before.allowToken },
      to: { enabled: request.enabled, allowToken },
    },
  });
  return fourEyesOf(trx, devid);
}

/**
 * The gate, under the development's lock (see the header). Throws when four-eyes refuses; writes
 * the bypass's audit entry when an admin goes through with a reason, and answers that bypass
 * (null when the gate simply let it through: four-eyes off, or the token allowed).
 */
export async function passFourEyes(
  trx: Transaction<Database>,
  devid: number,
  who: Publisher,
  action: GatedAction,
  bypassReason: string | undefined,
  now: Date,
): Promise<Bypass | null> {
  const settings = await fourEyesOf(trx, devid);
  if (!settings.enabled) return null;
  if (who.kind !== 'user') {
    if (settings.allowToken) return null;
    throw new FourEyesError(
      `Ce développement publie à quatre yeux : le jeton de publication et la CLI ne peuvent pas ${WHAT[action]}. Demandez une publication dans le back-office, ou qu’un administrateur les autorise dans « Double validation ».`,
    );
  }
  const reason = bypassReason?.trim();
  if (!reason) {
    throw new FourEyesError(
      `Ce développement publie à quatre yeux : pour ${WHAT[action]}, faites une demande qu’une autre personne approuvera (« Demander une publication »).`,
    );
  }
  if (!who.admin) {
    throw forbidden('Seul un administrateur peut publier sans approbation.');
  }
  await writeAudit(trx, {
    at: now,
    ...auditedAs(who),
    devid,
    action: 'publish.bypass',
    targetType: 'development',
    targetId: devid,
    summary: { what: action, reason },
  });
  return { username: who.username, action, reason };
}
