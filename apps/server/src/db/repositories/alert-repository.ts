/**
 * Emergency alerts (issue 23, decision 012): the templates (draft and published) and the alert in
 * force per development. The active alert lives in the store, not in a process: it survives a
 * restart and every instance on one PostgreSQL store reads the same one.
 *
 * An alert older than its maximum duration is no longer active (the totems end it by themselves
 * then, having heard nothing): reads ignore it and the next start replaces it.
 */
import type {
  ActiveAlert,
  AlertKind,
  AlertPictogram,
  AlertTemplate,
  PaletteColour,
} from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { ActiveAlertRow, Database, LiveAlertTemplateRow } from '../schema.js';

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
  templateid: row.templateid,
  templateName: row.template_name,
  kind: row.kind as AlertKind,
  drill: row.drill === 1,
  startedAt: row.started_at,
  startedBy: row.started_by,
  maxDurationMinutes: row.max_duration_minutes,
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
}

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
   * A published template by id, or by name, case-insensitive. Compared here rather than in SQL:
   * SQLite's lower() only folds ASCII ("Évacuation"), and a development has a handful of templates.
   */
  async findLiveTemplate(devid: number, ref: number | string): Promise<AlertTemplate | undefined> {
    const templates = await this.liveTemplates(devid);
    if (typeof ref === 'number') return templates.find((template) => template.templateid === ref);
    const wanted = ref.trim().toLocaleLowerCase('fr');
    return templates.find((template) => template.name.toLocaleLowerCase('fr') === wanted);
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
   * Starts an alert from a published template. The same template (and the same drill flag) already
   * in force changes nothing; another one replaces it. One transaction, so two starts at once on
   * two instances leave one of them, not a mix.
   */
  async start(
    devid: number,
    template: AlertTemplate,
    input: { drill: boolean; by: string; now: Date },
  ): Promise<AlertChange> {
    return this.inTransaction(async (trx) => {
      const previous = await this.active(devid, input.now, trx);
      if (previous && previous.templateid === template.templateid && previous.drill === input.drill)
        return { alert: previous, previous, changed: false };
      const row: ActiveAlertRow = {
        devid,
        templateid: template.templateid,
        template_name: template.name,
        kind: template.kind,
        drill: input.drill ? 1 : 0,
        started_at: input.now.toISOString(),
        started_by: input.by,
        max_duration_minutes: template.maxDurationMinutes,
      };
      const { devid: _devid, ...update } = row;
      await trx
        .insertInto('active_alerts')
        .values(row)
        .onConflict((oc) => oc.column('devid').doUpdateSet(update))
        .execute();
      return { alert: toActiveAlert(row), previous, changed: true };
    });
  }

  /** Ends the alert in force; nothing to end changes nothing. */
  async end(devid: number, now: Date): Promise<AlertChange> {
    return this.inTransaction(async (trx) => {
      const previous = await this.active(devid, now, trx);
      // A lapsed row goes too: it is no longer anyone's alert.
      await trx.deleteFrom('active_alerts').where('devid', '=', devid).execute();
      return { alert: null, previous, changed: previous !== null };
    });
  }

  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction
      ? work(this.db as Transaction<Database>)
      : this.db.transaction().execute(work);
  }
}
