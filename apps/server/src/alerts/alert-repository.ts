/**
 * Emergency alerts (decision 012): the templates (draft and published) and the alert in
 * force per development. The active alert lives in the store, not in a process: it survives a
 * restart and every instance on one PostgreSQL store reads the same one.
 *
 * An alert older than its maximum duration is no longer active (the totems end it by themselves
 * then, having heard nothing): reads ignore it and the next start replaces it.
 */
import type {
  ActiveAlert,
  AlertAck,
  AlertText,
  AlertKind,
  AlertPictogram,
  AlertTemplate,
  PaletteColour,
} from '@plant-kiosk/contract';
import { nameKey } from '@plant-kiosk/contract';
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { ActiveAlertRow, Database, LiveAlertTemplateRow } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_ALERT_DURATION_MINUTES = 120;

export type NewAlertTemplate = Omit<AlertTemplate, 'templateid' | 'maxDurationMinutes'> & {
  maxDurationMinutes?: number;
};

export const toAlertTemplate = (row: LiveAlertTemplateRow): AlertTemplate => ({
  templateid: row.templateid,
  name: row.name,
  kind: row.kind as AlertKind,
  titleFr: row.title_fr,
  titleEn: row.title_en,
  instructionsFr: row.instructions_fr,
  instructionsEn: row.instructions_en,
  pictogram: row.pictogram as AlertPictogram,
  colour: row.colour as PaletteColour,
  image: row.image,
  endTextFr: row.end_text_fr,
  endTextEn: row.end_text_en,
  maxDurationMinutes: row.max_duration_minutes,
});

const toActiveAlert = (row: ActiveAlertRow): ActiveAlert => ({
  ...(row.alertid === null ? {} : { alertid: row.alertid }),
  templateid: row.templateid,
  templateName: row.template_name,
  kind: row.kind as AlertKind,
  drill: row.drill === 1,
  startedAt: row.started_at,
  startedBy: row.started_by,
  maxDurationMinutes: row.max_duration_minutes,
  ...(row.alert_text ? { text: JSON.parse(row.alert_text) as AlertText } : {}),
});

/** Whether an alert is still in force at `now` (it lapses after its maximum duration). */
export const alertInForce = (alert: ActiveAlert, now: Date): boolean =>
  Date.parse(alert.startedAt) + alert.maxDurationMinutes * 60_000 > now.getTime();

export interface AlertChange {
  /** The alert in force after the call (null: none). */
  alert: ActiveAlert | null;
  /** The one in force before it (null: none). */
  previous: ActiveAlert | null;
  changed: boolean;
  /** The replacement rule refused the start (decision 027): nothing changed; `alert` is the one in force. */
  refused?: boolean;
}

/**
 * What a start does to the alert in force, decided inside the start's transaction (so two starts
 * at once see each other): `keep` it unchanged, `refuse` the start, or `write` the new alert
 * (starting it, or replacing the one in force). The rule itself is the alerts module's.
 */
export type AlertStartDecision = 'keep' | 'refuse' | 'write';

/** How an alert of the history ended. */
export type AlertEndReason = 'ended' | 'replaced' | 'expired';

/** A totem's acknowledgement as stored (alert_acks). */
export interface StoredAlertAck {
  alertid: number;
  kioskId: string;
  displayedAt: string;
  takeoverMs: number;
  ackedAt: string;
  afterEnd: boolean;
}

/** What recording an acknowledgement did. */
export type AckOutcome = 'recorded' | 'duplicate' | 'after-end' | 'unknown-alert';

export class AlertRepository {
  constructor(private readonly db: Db) {}

  // ---------- templates ----------

  /** Adds a template to the draft (the seed; the back-office is order 10). */
  async createDraftTemplate(devid: number, template: NewAlertTemplate): Promise<number> {
    const row = await this.db
      .insertInto('alert_templates')
      .values({
        devid,
        name: template.name,
        kind: template.kind,
        title_fr: template.titleFr,
        title_en: template.titleEn,
        instructions_fr: template.instructionsFr,
        instructions_en: template.instructionsEn,
        pictogram: template.pictogram,
        colour: template.colour,
        image: template.image,
        end_text_fr: template.endTextFr,
        end_text_en: template.endTextEn,
        max_duration_minutes: template.maxDurationMinutes ?? DEFAULT_ALERT_DURATION_MINUTES,
      })
      .returning('templateid')
      .executeTakeFirstOrThrow();
    return row.templateid;
  }

  /** Removes a template from the draft (tests; the back-office later). */
  async deleteDraftTemplate(templateid: number): Promise<void> {
    await this.db.deleteFrom('alert_templates').where('templateid', '=', templateid).execute();
  }

  /** The published templates of a development, by id. */
  async liveTemplates(devid: number, db: Db = this.db): Promise<AlertTemplate[]> {
    const rows = await db
      .selectFrom('pub_alert_templates')
      .selectAll()
      .where('devid', '=', devid)
      .orderBy('templateid')
      .execute();
    return rows.map(toAlertTemplate);
  }

  /**
   * A published template by id, or by name compared as the editor compares them (the contract's
   * nameKey: case, Unicode form and invisible characters aside), so that "Évacuation" sent
   * decomposed by a panel finds it. Compared here rather than in SQL: SQLite's lower() only folds
   * ASCII, neither store normalises Unicode, and a development has a handful of templates.
   */
  async findLiveTemplate(devid: number, ref: number | string): Promise<AlertTemplate | undefined> {
    const templates = await this.liveTemplates(devid);
    if (typeof ref === 'number') return templates.find((template) => template.templateid === ref);
    const wanted = nameKey(ref);
    return templates.find((template) => nameKey(template.name) === wanted);
  }

  // ---------- the active alert ----------

  /** The alert in force, if any. */
  async active(devid: number, now: Date, db: Db = this.db): Promise<ActiveAlert | null> {
    const row = await db
      .selectFrom('active_alerts')
      .selectAll()
      .where('devid', '=', devid)
      .executeTakeFirst();
    const alert = row ? toActiveAlert(row) : null;
    return alert && alertInForce(alert, now) ? alert : null;
  }

  /**
   * Starts an alert from a published template, or not, as `decide` says of the alert in force
   * (null: none; the replacement rule, decision 027). One transaction holding the
   * development's row lock (PostgreSQL; SQLite runs one write transaction at a time), so two starts
   * at once, on one instance or two, are serialised: the second sees the first's alert.
   * Each start writes a row of `alert_history`, whose number the alert carries (`alertid`).
   */
  async start(
    devid: number,
    template: AlertTemplate,
    input: {
      drill: boolean;
      by: string;
      now: Date;
      decide: (previous: ActiveAlert | null) => AlertStartDecision;
      /** Texts over the template's (a CAP free message). */
      text?: AlertText | null;
      /** Shorter than the template's maximum (a CAP `expires`). */
      maxDurationMinutes?: number;
      /** Runs in the transaction once the alert is written (a CAP message's record). */
      written?: (
        trx: Transaction<Database>,
        change: { alert: ActiveAlert; previous: ActiveAlert | null },
      ) => Promise<void>;
    },
  ): Promise<AlertChange> {
    return this.inTransaction(async (trx) => {
      await this.lockDevelopment(trx, devid);
      const previous = await this.active(devid, input.now, trx);
      const decision = input.decide(previous);
      if (previous && decision === 'keep') return { alert: previous, previous, changed: false };
      // Refused even with nothing in force: a caller's rule may (a CAP Update of an alert over).
      if (decision === 'refuse')
        return { alert: previous, previous, changed: false, refused: true };
      await this.closeHistory(trx, devid, input.now, input.by, previous ? 'replaced' : 'expired');
      const startedAt = input.now.toISOString();
      const maxDurationMinutes = Math.min(
        template.maxDurationMinutes,
        input.maxDurationMinutes ?? template.maxDurationMinutes,
      );
      const alertText = input.text ? JSON.stringify(input.text) : null;
      const { alertid } = await trx
        .insertInto('alert_history')
        .values({
          devid,
          templateid: template.templateid,
          template_name: template.name,
          kind: template.kind,
          drill: input.drill ? 1 : 0,
          started_at: startedAt,
          started_by: input.by,
          max_duration_minutes: maxDurationMinutes,
          alert_text: alertText,
        })
        .returning('alertid')
        .executeTakeFirstOrThrow();
      const row: ActiveAlertRow = {
        devid,
        alertid,
        templateid: template.templateid,
        template_name: template.name,
        kind: template.kind,
        drill: input.drill ? 1 : 0,
        started_at: startedAt,
        started_by: input.by,
        max_duration_minutes: maxDurationMinutes,
        alert_text: alertText,
      };
      const { devid: _devid, ...update } = row;
      await trx
        .insertInto('active_alerts')
        .values(row)
        .onConflict((oc) => oc.column('devid').doUpdateSet(update))
        .execute();
      const alert = toActiveAlert(row);
      await input.written?.(trx, { alert, previous });
      return { alert, previous, changed: true };
    });
  }

  /**
   * Ends the alert in force; nothing to end changes nothing. `only` (a CAP `Cancel`) ends it only
   * when it says yes of the alert in force, decided in the transaction: otherwise nothing changes
   * and the answer is `refused`. `written` runs in the transaction once the end is written.
   */
  async end(
    devid: number,
    now: Date,
    by = 'api',
    options: {
      only?: (inForce: ActiveAlert | null) => boolean;
      written?: (trx: Transaction<Database>, ended: ActiveAlert | null) => Promise<void>;
    } = {},
  ): Promise<AlertChange> {
    return this.inTransaction(async (trx) => {
      await this.lockDevelopment(trx, devid);
      const previous = await this.active(devid, now, trx);
      if (options.only && !options.only(previous))
        return { alert: previous, previous, changed: false, refused: true };
      await this.closeHistory(trx, devid, now, by, previous ? 'ended' : 'expired');
      // A lapsed row goes too: it is no longer anyone's alert.
      await trx.deleteFrom('active_alerts').where('devid', '=', devid).execute();
      await options.written?.(trx, previous);
      return { alert: null, previous, changed: previous !== null };
    });
  }

  /**
   * Closes the history row of the development's `active_alerts` row, if any and still open. A
   * lapsed row (past its maximum duration) is closed as `expired` at its lapse time.
   */
  private async closeHistory(
    trx: Transaction<Database>,
    devid: number,
    now: Date,
    by: string,
    reason: AlertEndReason,
  ): Promise<void> {
    const row = await trx
      .selectFrom('active_alerts')
      .selectAll()
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (!row || row.alertid === null) return;
    const lapsed = !alertInForce(toActiveAlert(row), now);
    const endedAt = lapsed
      ? new Date(Date.parse(row.started_at) + row.max_duration_minutes * 60_000).toISOString()
      : now.toISOString();
    await trx
      .updateTable('alert_history')
      .set({
        ended_at: endedAt,
        ended_by: lapsed ? null : by,
        end_reason: lapsed ? 'expired' : reason,
      })
      .where('alertid', '=', row.alertid)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** The development's row lock (PostgreSQL): starts and ends of one development in turn. */
  private async lockDevelopment(trx: Transaction<Database>, devid: number): Promise<void> {
    if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
    await trx
      .selectFrom('developments')
      .select('devid')
      .where('devid', '=', devid)
      .forUpdate()
      .execute();
  }

  // ---------- acknowledgements (red button and acknowledgements, decision 018) ----------

  /**
   * Records a totem's "alerte affichée". The first one per (alert, totem) is kept: a totem repeats
   * it in every heartbeat while the alert shows, and counts once. One for an alert that has ended
   * is recorded (`after-end`) and changes nothing else: an acknowledgement never reopens an alert.
   * One naming an alert of another development, or none, is ignored.
   */
  async recordAck(devid: number, kioskId: string, ack: AlertAck, now: Date): Promise<AckOutcome> {
    // One is a batch of one (recordAcks, the heartbeats' group commit): the same rules, once.
    const [outcome] = await this.recordAcks([{ devid, kioskId, ack, now }]);
    return outcome!;
  }

  /**
   * recordAck for many acknowledgements at once (the heartbeats' group commit, decision 045): one
   * read of their alerts and one insert per chunk instead of a read and an insert each; the same
   * outcome per acknowledgement, in order. A totem acknowledging the same alert twice in one call
   * is a duplicate the second time, as it would be in two calls. Run it inside the caller's
   * transaction: the repository bound to it writes nothing outside.
   */
  async recordAcks(
    acks: readonly { devid: number; kioskId: string; ack: AlertAck; now: Date }[],
  ): Promise<AckOutcome[]> {
    const CHUNK = 500;
    const alertids = [...new Set(acks.map((entry) => entry.ack.alertid))];
    const alerts = new Map<
      number,
      { devid: number; ended_at: string | null; started_at: string; max_duration_minutes: number }
    >();
    for (let i = 0; i < alertids.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('alert_history')
        .select(['alertid', 'devid', 'ended_at', 'started_at', 'max_duration_minutes'])
        .where('alertid', 'in', alertids.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) alerts.set(row.alertid, row);
    }
    const outcomes: AckOutcome[] = [];
    const rows: {
      index: number;
      values: {
        alertid: number;
        kiosk_id: string;
        devid: number;
        displayed_at: string;
        takeover_ms: number;
        acked_at: string;
        after_end: number;
      };
    }[] = [];
    const seen = new Set<string>();
    for (const [index, { devid, kioskId, ack, now }] of acks.entries()) {
      const alert = alerts.get(ack.alertid);
      if (!alert || alert.devid !== devid) {
        outcomes.push('unknown-alert');
        continue;
      }
      const lapsedAt = Date.parse(alert.started_at) + alert.max_duration_minutes * 60_000;
      const afterEnd = alert.ended_at !== null || now.getTime() >= lapsedAt;
      outcomes.push(afterEnd ? 'after-end' : 'recorded');
      const key = `${ack.alertid}\n${kioskId}`;
      if (seen.has(key)) {
        outcomes[index] = 'duplicate';
        continue;
      }
      seen.add(key);
      rows.push({
        index,
        values: {
          alertid: ack.alertid,
          kiosk_id: kioskId,
          devid,
          displayed_at: ack.displayedAt,
          takeover_ms: ack.takeoverMs,
          acked_at: now.toISOString(),
          after_end: afterEnd ? 1 : 0,
        },
      });
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const inserted = await this.db
        .insertInto('alert_acks')
        .values(chunk.map((row) => row.values))
        .onConflict((oc) => oc.columns(['alertid', 'kiosk_id']).doNothing())
        .returning(['alertid', 'kiosk_id'])
        .execute();
      const stored = new Set(inserted.map((row) => `${row.alertid}\n${row.kiosk_id}`));
      for (const row of chunk) {
        if (!stored.has(`${row.values.alertid}\n${row.values.kiosk_id}`)) {
          outcomes[row.index] = 'duplicate';
        }
      }
    }
    return outcomes;
  }

  /** The acknowledgements of one alert, oldest first. */
  async acks(alertid: number): Promise<StoredAlertAck[]> {
    const rows = await this.db
      .selectFrom('alert_acks')
      .selectAll()
      .where('alertid', '=', alertid)
      .orderBy('acked_at')
      .orderBy('kiosk_id')
      .execute();
    return rows.map((row) => ({
      alertid: row.alertid,
      kioskId: row.kiosk_id,
      displayedAt: row.displayed_at,
      takeoverMs: row.takeover_ms,
      ackedAt: row.acked_at,
      afterEnd: row.after_end === 1,
    }));
  }

  /** The number of the development's latest alert, in force or ended (null: never any). */
  async lastAlertid(devid: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('alert_history')
      .select('alertid')
      .where('devid', '=', devid)
      .orderBy('alertid', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.alertid ?? null;
  }

  /** One alert of the history (ended or not). */
  async historyEntry(devid: number, alertid: number) {
    return this.db
      .selectFrom('alert_history')
      .selectAll()
      .where('devid', '=', devid)
      .where('alertid', '=', alertid)
      .executeTakeFirst();
  }

  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction
      ? work(this.db as Transaction<Database>)
      : this.db.transaction().execute(work);
  }
}
