/**
 * A development's alert templates in the draft, as the back-office edits them (red button and
 * acknowledgements, decision 022): list, find, insert, and version-checked update and delete (the
 * `version` of migration 010, checked in the statement itself so that a concurrent writer cannot
 * slip in between the read and the write). Publishing them is the revision repository's (kind
 * `alert_template`); the alert in force is the alert repository's.
 */
import type { AlertTemplate, AlertTemplateInput } from '@plant-kiosk/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AlertTemplateTable, Database } from '../db/schema.js';
import { toAlertTemplate } from './alert-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A draft template with its version. */
export type DraftAlertTemplate = AlertTemplate & { version: number };

const toDraft = ({ version, ...row }: Selectable<AlertTemplateTable>): DraftAlertTemplate => ({
  ...toAlertTemplate(row),
  version,
});

const columns = (input: AlertTemplateInput) => ({
  name: input.name,
  kind: input.kind,
  title_fr: input.titleFr,
  title_en: input.titleEn,
  instructions_fr: input.instructionsFr,
  instructions_en: input.instructionsEn,
  pictogram: input.pictogram,
  colour: input.colour,
  image: input.image,
  end_text_fr: input.endTextFr,
  end_text_en: input.endTextEn,
  max_duration_minutes: input.maxDurationMinutes,
});

export class AlertTemplateRepository {
  constructor(private readonly db: Db) {}

  /** The draft's templates of a development, by name. */
  async list(devid: number): Promise<DraftAlertTemplate[]> {
    const rows = await this.db
      .selectFrom('alert_templates')
      .selectAll()
      .where('devid', '=', devid)
      .orderBy('name')
      .orderBy('templateid')
      .execute();
    return rows.map(toDraft);
  }

  async find(devid: number, templateid: number): Promise<DraftAlertTemplate | undefined> {
    const row = await this.db
      .selectFrom('alert_templates')
      .selectAll()
      .where('devid', '=', devid)
      .where('templateid', '=', templateid)
      .executeTakeFirst();
    return row ? toDraft(row) : undefined;
  }

  /** The published templates of a development (what the totems hold). */
  async published(devid: number): Promise<AlertTemplate[]> {
    const rows = await this.db
      .selectFrom('pub_alert_templates')
      .selectAll()
      .where('devid', '=', devid)
      .orderBy('templateid')
      .execute();
    return rows.map(toAlertTemplate);
  }

  async insert(devid: number, input: AlertTemplateInput): Promise<DraftAlertTemplate> {
    const row = await this.db
      .insertInto('alert_templates')
      .values({ devid, ...columns(input) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDraft(row);
  }

  /** Undefined when the template is not (or no longer) at `expectedVersion`. */
  async update(
    templateid: number,
    expectedVersion: number,
    input: AlertTemplateInput,
  ): Promise<DraftAlertTemplate | undefined> {
    const row = await this.db
      .updateTable('alert_templates')
      .set((eb) => ({ ...columns(input), version: eb('version', '+', 1) }))
      .where('templateid', '=', templateid)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row ? toDraft(row) : undefined;
  }

  /** False when the template is not (or no longer) at `expectedVersion`. */
  async delete(templateid: number, expectedVersion: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('alert_templates')
      .where('templateid', '=', templateid)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Whether `value` (a media item's value, "media/images/plan-1a2b.svg", with or without its
   * leading "/") is an image of the development's media library.
   */
  async imageInLibrary(devid: number, value: string): Promise<boolean> {
    const match = /^\/?media\/(.+)$/.exec(value);
    if (!match) return false;
    const row = await this.db
      .selectFrom('media')
      .select(['kind', 'content_type'])
      .where('path', '=', match[1]!)
      .where((eb) => eb.or([eb('devid', '=', devid), eb('devid', 'is', null)]))
      .executeTakeFirst();
    if (!row) return false;
    return row.kind === 'image' || (row.kind === null && row.content_type.startsWith('image/'));
  }
}
