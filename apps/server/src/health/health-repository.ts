/**
 * The health rules' SQL (migration 020, decision 041): the rules per development, the incidents
 * and the mutes. Plain SQL both stores speak; dates are ISO-8601 texts of one format, so they
 * compare as text.
 *
 * Every state change of an incident is one conditional statement (`… where state = <expected>`):
 * when several instances check the same development at once, exactly one sees its update change
 * the row, and only that one sends the notice. Opening is an insert on the unique `open_key`
 * (on conflict do nothing): at most one open incident per (development, totem, rule).
 */
import {
  defaultHealthRules,
  type HealthIncident,
  type HealthRuleKind,
  type HealthRulesRequest,
  type KioskMute,
} from '@plant-kiosk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, HealthIncidentTable } from '../db/schema.js';

export type HealthIncidentRow = Selectable<HealthIncidentTable>;

/** The key an open incident holds (kiosk `*` for a development-wide one). */
export const openKey = (devid: number, kioskId: string | null, rule: HealthRuleKind): string =>
  `${devid}:${kioskId ?? '*'}:${rule}`;

export function toHealthIncident(
  row: HealthIncidentRow,
  kioskName: string | null = null,
): HealthIncident {
  return {
    incidentId: Number(row.incident_id),
    devid: row.devid,
    kioskId: row.kiosk_id,
    kioskName,
    rule: row.rule as HealthRuleKind,
    state: row.state,
    firstSeenAt: row.first_seen_at,
    raisedAt: row.raised_at,
    clearPendingSince: row.clear_pending_since,
    clearedAt: row.cleared_at,
  };
}

/** Rules as stored, completed with the defaults (a rule added later, a partial row). */
function parseRules(text: string): HealthRulesRequest {
  const defaults = defaultHealthRules();
  try {
    const stored = JSON.parse(text) as Partial<HealthRulesRequest>;
    return {
      rules: { ...defaults.rules, ...stored.rules },
      quietMinutes:
        typeof stored.quietMinutes === 'number' ? stored.quietMinutes : defaults.quietMinutes,
    };
  } catch {
    return defaults;
  }
}

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---------- rules ----------

  /** The development's rules, and when they were saved (null: the defaults). */
  async rules(devid: number): Promise<{ rules: HealthRulesRequest; updatedAt: string | null }> {
    const row = await this.db
      .selectFrom('health_rules')
      .selectAll()
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (!row) return { rules: defaultHealthRules(), updatedAt: null };
    return { rules: parseRules(row.rules), updatedAt: row.updated_at };
  }

  async saveRules(devid: number, rules: HealthRulesRequest, now: Date): Promise<void> {
    const values = { devid, rules: JSON.stringify(rules), updated_at: now.toISOString() };
    await this.db
      .insertInto('health_rules')
      .values(values)
      .onConflict((oc) =>
        oc.column('devid').doUpdateSet({ rules: values.rules, updated_at: values.updated_at }),
      )
      .execute();
  }

  // ---------- mutes ----------

  async mute(devid: number, kioskId: string, until: Date): Promise<void> {
    const value = until.toISOString();
    await this.db
      .insertInto('kiosk_mutes')
      .values({ devid, kiosk_id: kioskId, until: value })
      .onConflict((oc) => oc.columns(['devid', 'kiosk_id']).doUpdateSet({ until: value }))
      .execute();
  }

  /** Whether a mute was there to end. */
  async unmute(devid: number, kioskId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('kiosk_mutes')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The development's mutes still running at `now`. */
  async mutes(devid: number, now: Date): Promise<KioskMute[]> {
    const rows = await this.db
      .selectFrom('kiosk_mutes')
      .selectAll()
      .where('devid', '=', devid)
      .where('until', '>', now.toISOString())
      .orderBy('kiosk_id')
      .execute();
    return rows.map((row) => ({ devid: row.devid, kioskId: row.kiosk_id, until: row.until }));
  }

  /** Forgets the mutes that ended (a cheap sweep at each check). */
  async dropEndedMutes(now: Date): Promise<void> {
    await this.db.deleteFrom('kiosk_mutes').where('until', '<=', now.toISOString()).execute();
  }

  // ---------- incidents ----------

  /** The development's open incidents (pending, raised, clearing). */
  open(devid: number): Promise<HealthIncidentRow[]> {
    return this.db
      .selectFrom('health_incidents')
      .selectAll()
      .where('devid', '=', devid)
      .where('open_key', 'is not', null)
      .execute();
  }

  /** Open ones first, then the last `cleared` cleared ones; newest first in each. */
  async list(devid: number, cleared = 50): Promise<HealthIncidentRow[]> {
    const open = await this.db
      .selectFrom('health_incidents')
      .selectAll()
      .where('devid', '=', devid)
      .where('open_key', 'is not', null)
      .orderBy('incident_id', 'desc')
      .execute();
    const done = await this.db
      .selectFrom('health_incidents')
      .selectAll()
      .where('devid', '=', devid)
      .where('state', '=', 'cleared')
      .orderBy('incident_id', 'desc')
      .limit(cleared)
      .execute();
    return [...open, ...done];
  }

  /** Opens a pending incident; undefined when one is already open (another instance's). */
  async openPending(
    devid: number,
    kioskId: string | null,
    rule: HealthRuleKind,
    now: Date,
  ): Promise<HealthIncidentRow | undefined> {
    return this.db
      .insertInto('health_incidents')
      .values({
        devid,
        kiosk_id: kioskId,
        rule,
        state: 'pending',
        open_key: openKey(devid, kioskId, rule),
        first_seen_at: now.toISOString(),
        raised_at: null,
        clear_pending_since: null,
        cleared_at: null,
      })
      .onConflict((oc) => oc.column('open_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Drops a pending incident whose condition ended (nothing was said). */
  async dropPending(incidentId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('health_incidents')
      .where('incident_id', '=', incidentId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** pending → raised; true for the one caller whose update changed the row. */
  raise(incidentId: number, now: Date): Promise<boolean> {
    return this.move(incidentId, 'pending', { state: 'raised', raised_at: now.toISOString() });
  }

  /** raised → clearing (the condition ended: quiet period before clearing). */
  startClearing(incidentId: number, now: Date): Promise<boolean> {
    return this.move(incidentId, 'raised', {
      state: 'clearing',
      clear_pending_since: now.toISOString(),
    });
  }

  /** clearing → raised (the condition is back within the quiet period: no message). */
  reraise(incidentId: number): Promise<boolean> {
    return this.move(incidentId, 'clearing', { state: 'raised', clear_pending_since: null });
  }

  /** clearing → cleared; the key is freed for the next incident of the same totem and rule. */
  clear(incidentId: number, now: Date): Promise<boolean> {
    return this.move(incidentId, 'clearing', {
      state: 'cleared',
      cleared_at: now.toISOString(),
      open_key: null,
    });
  }

  private async move(
    incidentId: number,
    from: HealthIncidentRow['state'],
    set: Partial<Omit<HealthIncidentRow, 'incident_id'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('health_incidents')
      .set(set)
      .where('incident_id', '=', incidentId)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
