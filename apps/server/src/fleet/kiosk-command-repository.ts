/**
 * Remote commands (migration 018; packages/contract/src/kiosk-commands.ts): one row per command
 * to one totem, the totem's queue and the development's history at once. Plain SQL both stores
 * speak (RETURNING, IN lists); dates are ISO-8601 texts of one format, so they compare as text.
 *
 * Expiry is lazy: no timer moves a row to `expired`. Every read reports a pending or sent row
 * whose `expires_at` passed as expired (toKioskCommand), the queue never returns one, and the
 * history and the fleet list store the state they report (`expire`) on their way.
 */
import type { KioskCommand, KioskCommandKind, KioskCommandMode } from '@plant-kiosk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, KioskCommandTable } from '../db/schema.js';

export type KioskCommandRow = Selectable<KioskCommandTable>;

/** What a send stores for one totem (state pending). */
export interface KioskCommandWrite {
  batchId: string;
  devid: number;
  kioskId: string;
  kind: KioskCommandKind;
  mode: KioskCommandMode | null;
  createdAt: Date;
  expiresAt: Date;
  createdBy: string | null;
}

/** An IN list longer than this is split (SQLite's default bound on parameters is 999 or more). */
const CHUNK = 500;

const OPEN_STATES = ['pending', 'sent'] as const;

/** The row as the back-office sees it at `now`: an open row past its expiry is expired. */
export function toKioskCommand(row: KioskCommandRow, now: Date): KioskCommand {
  const lapsed =
    (row.state === 'pending' || row.state === 'sent') && row.expires_at <= now.toISOString();
  return {
    commandId: Number(row.command_id),
    batchId: row.batch_id,
    devid: row.devid,
    kioskId: row.kiosk_id,
    kind: row.kind as KioskCommandKind,
    mode: row.mode as KioskCommandMode | null,
    state: lapsed ? 'expired' : row.state,
    reason: row.reason,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    sentAt: row.sent_at,
    ackedAt: row.acked_at,
    createdBy: row.created_by,
  };
}

export class KioskCommandRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores one pending command per write, in order; the rows as stored (their ids). */
  async insert(writes: readonly KioskCommandWrite[]): Promise<KioskCommandRow[]> {
    const rows: KioskCommandRow[] = [];
    for (let i = 0; i < writes.length; i += CHUNK) {
      const inserted = await this.db
        .insertInto('kiosk_commands')
        .values(
          writes.slice(i, i + CHUNK).map((write) => ({
            batch_id: write.batchId,
            devid: write.devid,
            kiosk_id: write.kioskId,
            kind: write.kind,
            mode: write.mode,
            state: 'pending' as const,
            created_at: write.createdAt.toISOString(),
            expires_at: write.expiresAt.toISOString(),
            created_by: write.createdBy,
          })),
        )
        .returningAll()
        .execute();
      rows.push(...inserted);
    }
    // One statement's RETURNING order is not promised: the ids are.
    return rows.sort((a, b) => Number(a.command_id) - Number(b.command_id));
  }

  /** These commands were written to their totem's stream: pending → sent (others unchanged). */
  async markSent(commandIds: readonly number[], now: Date): Promise<void> {
    for (let i = 0; i < commandIds.length; i += CHUNK) {
      await this.db
        .updateTable('kiosk_commands')
        .set({ state: 'sent', sent_at: now.toISOString() })
        .where('command_id', 'in', commandIds.slice(i, i + CHUNK))
        .where('state', '=', 'pending')
        .execute();
    }
  }

  /** A totem's queue: its pending and sent commands not expired at `now`, oldest first. */
  async queue(devid: number, kioskId: string, now: Date): Promise<KioskCommandRow[]> {
    return this.db
      .selectFrom('kiosk_commands')
      .selectAll()
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .where('state', 'in', [...OPEN_STATES])
      .where('expires_at', '>', now.toISOString())
      .orderBy('command_id')
      .execute();
  }

  async find(devid: number, commandId: number): Promise<KioskCommandRow | undefined> {
    return this.db
      .selectFrom('kiosk_commands')
      .selectAll()
      .where('devid', '=', devid)
      .where('command_id', '=', commandId)
      .executeTakeFirst();
  }

  /**
   * Records the totem's acknowledgement unless one is already recorded (the first wins); whether
   * this one was recorded. An expired row still takes it: the totem ran it before its expiry.
   */
  async ack(
    devid: number,
    commandId: number,
    state: 'done' | 'failed',
    reason: string | null,
    now: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('kiosk_commands')
      .set({ state, reason, acked_at: now.toISOString() })
      .where('devid', '=', devid)
      .where('command_id', '=', commandId)
      .where('acked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Stores `expired` on the development's open rows past their expiry (reads report it anyway). */
  async expire(devids: readonly number[] | undefined, now: Date): Promise<void> {
    if (devids && devids.length === 0) return;
    let query = this.db
      .updateTable('kiosk_commands')
      .set({ state: 'expired' })
      .where('state', 'in', [...OPEN_STATES])
      .where('expires_at', '<=', now.toISOString());
    if (devids) query = query.where('devid', 'in', [...devids]);
    await query.execute();
  }

  /** The development's commands, newest first; one totem's with `kioskId`. */
  async list(
    devid: number,
    options: { kioskId?: string; limit: number },
  ): Promise<KioskCommandRow[]> {
    let query = this.db.selectFrom('kiosk_commands').selectAll().where('devid', '=', devid);
    if (options.kioskId !== undefined) query = query.where('kiosk_id', '=', options.kioskId);
    return query.orderBy('command_id', 'desc').limit(options.limit).execute();
  }

  /**
   * Each totem's latest command, for the given developments (all when undefined), by
   * `devid:kioskId`: one query for the whole fleet list.
   */
  async latestByKiosk(devids?: readonly number[]): Promise<Map<string, KioskCommandRow>> {
    if (devids && devids.length === 0) return new Map();
    let latest = this.db
      .selectFrom('kiosk_commands')
      .select((eb) => eb.fn.max('command_id').as('command_id'))
      .groupBy(['devid', 'kiosk_id']);
    if (devids) latest = latest.where('devid', 'in', [...devids]);
    const rows = await this.db
      .selectFrom('kiosk_commands')
      .selectAll()
      .where('command_id', 'in', latest)
      .execute();
    return new Map(rows.map((row) => [`${row.devid}:${row.kiosk_id}`, row]));
  }

  /** Removes a forgotten totem's commands (queue and history). */
  async deleteForKiosk(devid: number, kioskId: string): Promise<void> {
    await this.db
      .deleteFrom('kiosk_commands')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .execute();
  }

  /**
   * The development's known totems — those with an identity or a fleet entry — among `kioskIds`
   * (all of them when undefined).
   */
  async knownKiosks(devid: number, kioskIds?: readonly string[]): Promise<string[]> {
    if (kioskIds && kioskIds.length === 0) return [];
    let identities = this.db
      .selectFrom('kiosk_identities')
      .select('kiosk_id')
      .where('devid', '=', devid);
    let entries = this.db.selectFrom('kiosks').select('kiosk_id').where('devid', '=', devid);
    if (kioskIds) {
      identities = identities.where('kiosk_id', 'in', [...kioskIds]);
      entries = entries.where('kiosk_id', 'in', [...kioskIds]);
    }
    const rows = await identities.union(entries).execute();
    return rows.map((row) => row.kiosk_id).sort();
  }

  /** Whether some development other than `devid` knows this totem id. */
  async knownElsewhere(devid: number, kioskId: string): Promise<boolean> {
    const identity = await this.db
      .selectFrom('kiosk_identities')
      .select('devid')
      .where('kiosk_id', '=', kioskId)
      .where('devid', '<>', devid)
      .executeTakeFirst();
    if (identity) return true;
    const entry = await this.db
      .selectFrom('kiosks')
      .select('devid')
      .where('kiosk_id', '=', kioskId)
      .where('devid', '<>', devid)
      .executeTakeFirst();
    return entry !== undefined;
  }
}
