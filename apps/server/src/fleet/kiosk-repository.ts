/**
 * The fleet (back-office and fleet, decision 008): the latest status of each kiosk, one row per
 * (development, kiosk id). Written on stream open/close, on each heartbeat and by each instance's
 * presence refresh; read by the back-office. Upserts use ON CONFLICT, which SQLite and PostgreSQL
 * both speak.
 */
import type { KioskMediaReport, WatchdogReport } from '@plant-kiosk/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, KioskRow, KioskTable } from '../db/schema.js';

/** What a kiosk may tell about itself; undefined fields are left as stored. */
export interface KioskReport {
  mode?: string | null;
  totem?: string | null;
  appVersion?: string | null;
  contentVersion?: number | null;
  lastSyncAt?: string | null;
  storageUsedBytes?: number | null;
  storageQuotaBytes?: number | null;
  /** Whether the browser keeps its storage (issue 53); null: unknown. */
  storagePersisted?: boolean | null;
  lastError?: string | null;
  /** Content-first sync: whether its media are complete (null: unknown). */
  media?: KioskMediaReport | null;
  /** The totem's watchdog (issue 53): attached, and its events since the last heartbeat. */
  watchdog?: WatchdogReport | null;
}

export interface KioskWrite {
  devid: number;
  kioskId: string;
  now: Date;
  report: KioskReport;
  /**
   * The development's current content version, when the report carries the kiosk's: decides
   * `behind_since` (cleared when equal, kept or started now when not).
   */
  currentContentVersion?: number;
  /** Stream opened: mark connected by this connection. */
  connectionId?: string;
  /** A heartbeat (as opposed to a stream open). */
  heartbeat?: boolean;
}

export interface KioskWithDevelopment extends KioskRow {
  devname: string;
  current_content_version: number;
}

const CHUNK = 500;

/** pg returns bigint columns as strings unless told otherwise: numbers either way. */
const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export class KioskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates or updates the kiosk's row from a stream open or a heartbeat. */
  async record(write: KioskWrite): Promise<void> {
    const at = write.now.toISOString();
    const { report } = write;
    const values: Updateable<KioskTable> = { last_seen_at: at };
    if (report.mode !== undefined) values.mode = report.mode;
    if (report.totem !== undefined) values.totem = report.totem;
    if (report.appVersion !== undefined) values.app_version = report.appVersion;
    if (report.contentVersion !== undefined) values.content_version = report.contentVersion;
    if (report.lastSyncAt !== undefined) values.last_sync_at = report.lastSyncAt;
    if (report.storageUsedBytes !== undefined) values.storage_used_bytes = report.storageUsedBytes;
    if (report.storageQuotaBytes !== undefined)
      values.storage_quota_bytes = report.storageQuotaBytes;
    if (report.storagePersisted !== undefined) {
      values.storage_persisted =
        report.storagePersisted === null ? null : report.storagePersisted ? 1 : 0;
    }
    if (report.lastError !== undefined) values.last_error = report.lastError;
    if (report.media !== undefined) {
      values.media_phase = report.media?.phase ?? null;
      values.media_cached = report.media?.cached ?? null;
      values.media_total = report.media?.total ?? null;
    }
    if (report.watchdog !== undefined) {
      values.watchdog_attached = report.watchdog === null ? null : report.watchdog.attached ? 1 : 0;
      // The latest event wins; a heartbeat without events keeps the one already recorded.
      const latest = report.watchdog?.events.reduce<WatchdogReport['events'][number] | null>(
        (last, event) =>
          last === null || Date.parse(event.at) >= Date.parse(last.at) ? event : last,
        null,
      );
      if (latest) {
        values.watchdog_event_at = new Date(latest.at).toISOString();
        values.watchdog_event_action = latest.action;
        values.watchdog_event_reason = latest.reason;
      }
      // The screen as the watchdog says it now (not said: unknown, not the last known).
      values.watchdog_screen = report.watchdog?.screen?.state ?? null;
      values.watchdog_screen_reason = report.watchdog?.screen?.reason ?? null;
    }
    if (write.heartbeat) values.last_heartbeat_at = at;
    if (write.connectionId !== undefined) {
      values.connected = 1;
      values.connection_id = write.connectionId;
      values.connected_at = at;
    }
    const knowsVersion =
      report.contentVersion !== undefined && write.currentContentVersion !== undefined;
    const upToDate = knowsVersion && report.contentVersion === write.currentContentVersion;

    await this.db
      .insertInto('kiosks')
      .values({
        devid: write.devid,
        kiosk_id: write.kioskId,
        first_seen_at: at,
        last_seen_at: at,
        ...values,
        // A kiosk that has not said which content it has is not known to be up to date.
        behind_since: upToDate ? null : at,
      })
      .onConflict((oc) =>
        oc.columns(['devid', 'kiosk_id']).doUpdateSet((eb) => ({
          ...values,
          ...(knowsVersion
            ? {
                behind_since: upToDate
                  ? null
                  : eb.fn.coalesce(eb.ref('kiosks.behind_since'), eb.val(at)),
              }
            : {}),
        })),
      )
      .execute();
  }

  /** Whether the development already has this kiosk id (the fleet bound lets known ids in). */
  async has(devid: number, kioskId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('kiosks')
      .select('kiosk_id')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** How many kiosk ids the development has (the fleet bound). */
  async count(devid: number): Promise<number> {
    const row = await this.db
      .selectFrom('kiosks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('devid', '=', devid)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Removes a kiosk's entry (it was forgotten); whether there was one. */
  async delete(devid: number, kioskId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('kiosks')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ids of the development's kiosks not seen since `before` (the purge's candidates). */
  async silentSince(devid: number, before: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('kiosks')
      .select('kiosk_id')
      .where('devid', '=', devid)
      .where('last_seen_at', '<', before.toISOString())
      .orderBy('kiosk_id')
      .execute();
    return rows.map((row) => row.kiosk_id);
  }

  /** The stream `connectionId` closed: disconnected, unless a newer stream took over. */
  async disconnect(devid: number, kioskId: string, connectionId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('kiosks')
      .set({ connected: 0, connection_id: null, last_seen_at: now.toISOString() })
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** Presence refresh: these streams are still open on this instance. */
  async touch(connectionIds: readonly string[], now: Date): Promise<void> {
    for (let i = 0; i < connectionIds.length; i += CHUNK) {
      await this.db
        .updateTable('kiosks')
        .set({ last_seen_at: now.toISOString() })
        .where('connection_id', 'in', connectionIds.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** After a publish every kiosk of the development is behind, until it reports the new version. */
  async markBehind(devid: number, now: Date): Promise<void> {
    await this.db
      .updateTable('kiosks')
      .set({ behind_since: now.toISOString() })
      .where('devid', '=', devid)
      .where('behind_since', 'is', null)
      .execute();
  }

  /** Kiosks of the given developments (all when undefined), with their development's name and version. */
  async list(devids?: readonly number[], kioskId?: string): Promise<KioskWithDevelopment[]> {
    if (devids && devids.length === 0) return [];
    let query = this.db
      .selectFrom('kiosks')
      .innerJoin('developments', 'developments.devid', 'kiosks.devid')
      .selectAll('kiosks')
      .select([
        'developments.devname as devname',
        'developments.content_version as current_content_version',
      ]);
    if (devids) query = query.where('kiosks.devid', 'in', [...devids]);
    if (kioskId !== undefined) query = query.where('kiosks.kiosk_id', '=', kioskId);
    const rows = await query.orderBy('developments.devname').orderBy('kiosks.kiosk_id').execute();
    return rows.map((row) => ({
      ...row,
      storage_used_bytes: numberOrNull(row.storage_used_bytes),
      storage_quota_bytes: numberOrNull(row.storage_quota_bytes),
    }));
  }
}
