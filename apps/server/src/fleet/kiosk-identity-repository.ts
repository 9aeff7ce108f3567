/**
 * Each totem's own identity (issue 47; decision 015): the kiosk ids the server handed out at
 * login (or bound an older, id-less token to). A token carrying an id is good only while its row
 * is here: forgetting a totem deletes it, and so refuses its token at once.
 */
import type { Kysely } from 'kysely';
import type { Database, KioskIdentityTable } from '../db/schema.js';

export interface KioskIdentity {
  devid: number;
  kioskId: string;
  origin: KioskIdentityTable['origin'];
  createdAt: string;
  seenAt: string | null;
}

/** An identity with no fleet entry: the totem logged in but never reported (issue 48). */
export interface UnreportedIdentity {
  devid: number;
  kioskId: string;
  devname: string;
  /** The development's published content version. */
  currentContentVersion: number;
  createdAt: string;
}

/** Ids per lookup query: well within both dialects' bound on a statement's parameters. */
const KNOWN_CHUNK = 500;

export class KioskIdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which of these ids the development knows (the token check's batched lookup). */
  async knownAmong(devid: number, kioskIds: readonly string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (let i = 0; i < kioskIds.length; i += KNOWN_CHUNK) {
      const rows = await this.db
        .selectFrom('kiosk_identities')
        .select('kiosk_id')
        .where('devid', '=', devid)
        .where('kiosk_id', 'in', kioskIds.slice(i, i + KNOWN_CHUNK))
        .execute();
      for (const row of rows) known.add(row.kiosk_id);
    }
    return known;
  }

  async find(devid: number, kioskId: string): Promise<KioskIdentity | undefined> {
    const row = await this.db
      .selectFrom('kiosk_identities')
      .selectAll()
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return row
      ? {
          devid: row.devid,
          kioskId: row.kiosk_id,
          origin: row.origin,
          createdAt: row.created_at,
          seenAt: row.seen_at,
        }
      : undefined;
  }

  /** Adds an identity; false when the development already has this id (nothing changed). */
  async create(
    devid: number,
    kioskId: string,
    origin: KioskIdentityTable['origin'],
    now: Date,
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('kiosk_identities')
      .values({ devid, kiosk_id: kioskId, origin, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['devid', 'kiosk_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The totem reported with its own token: it is no longer swept as never seen. */
  async markSeen(devid: number, kioskId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('kiosk_identities')
      .set({ seen_at: now.toISOString() })
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .where('seen_at', 'is', null)
      .execute();
  }

  /** How many identities the development holds (the bound on new ones at login). */
  async count(devid: number): Promise<number> {
    const row = await this.db
      .selectFrom('kiosk_identities')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('devid', '=', devid)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Removes an identity; whether there was one. */
  async delete(devid: number, kioskId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('kiosk_identities')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The identities of the given developments (all when undefined) without a fleet entry: totems
   * that logged in and never reported, which the fleet lists as never seen.
   */
  async unreported(devids?: readonly number[]): Promise<UnreportedIdentity[]> {
    if (devids && devids.length === 0) return [];
    let query = this.db
      .selectFrom('kiosk_identities')
      .innerJoin('developments', 'developments.devid', 'kiosk_identities.devid')
      .leftJoin('kiosks', (join) =>
        join
          .onRef('kiosks.devid', '=', 'kiosk_identities.devid')
          .onRef('kiosks.kiosk_id', '=', 'kiosk_identities.kiosk_id'),
      )
      .select([
        'kiosk_identities.devid as devid',
        'kiosk_identities.kiosk_id as kiosk_id',
        'kiosk_identities.created_at as created_at',
        'developments.devname as devname',
        'developments.content_version as content_version',
      ])
      .where('kiosks.kiosk_id', 'is', null);
    if (devids) query = query.where('kiosk_identities.devid', 'in', [...devids]);
    const rows = await query
      .orderBy('developments.devname')
      .orderBy('kiosk_identities.kiosk_id')
      .execute();
    return rows.map((row) => ({
      devid: row.devid,
      kioskId: row.kiosk_id,
      devname: row.devname,
      currentContentVersion: Number(row.content_version),
      createdAt: row.created_at,
    }));
  }

  /** Removes the identities never seen since a login before `createdBefore`; their ids. */
  async sweepUnseen(createdBefore: Date): Promise<{ devid: number; kioskId: string }[]> {
    const rows = await this.db
      .deleteFrom('kiosk_identities')
      .where('seen_at', 'is', null)
      .where('created_at', '<', createdBefore.toISOString())
      .returning(['devid', 'kiosk_id'])
      .execute();
    return rows.map((row) => ({ devid: row.devid, kioskId: row.kiosk_id }));
  }
}
