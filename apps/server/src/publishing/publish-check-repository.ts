/**
 * What the publish checks (publish-checks.ts) read, inside the publish's or rollback's
 * transaction (and for the draft's warnings, outside one): the draft content of a development as
 * the revision log shapes its rows (no devid, no editor version), the media library's files, and
 * the content models' labels.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, MediaRow } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

export interface DraftContent {
  zone: Row[];
  element: Row[];
  subgroup: Row[];
  subelement: Row[];
}

export class PublishCheckRepository {
  constructor(private readonly db: Db) {}

  async draftContent(devid: number): Promise<DraftContent> {
    const zone = await this.db
      .selectFrom('zones')
      .select(['zoneid', 'zonename', 'type', 'checklist'])
      .where('devid', '=', devid)
      .execute();
    const element = await this.db
      .selectFrom('elements')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .select([
        'elements.elementid',
        'elements.zoneid',
        'elements.order',
        'elements.value',
        'elements.type',
        'elements.addingdate',
        'elements.lang',
      ])
      .where('zones.devid', '=', devid)
      .execute();
    const subgroup = await this.db
      .selectFrom('subgroups')
      .innerJoin('elements', 'elements.elementid', 'subgroups.elementid')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .select([
        'subgroups.subgroupid',
        'subgroups.elementid',
        'subgroups.modelid',
        'subgroups.order',
        'subgroups.addingdate',
        'subgroups.expirationdate',
      ])
      .where('zones.devid', '=', devid)
      .execute();
    const subelement = await this.db
      .selectFrom('subelements')
      .innerJoin('elements', 'elements.elementid', 'subelements.elementid')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .select([
        'subelements.subelementid',
        'subelements.elementid',
        'subelements.order',
        'subelements.value',
        'subelements.type',
        'subelements.subgroupid',
        'subelements.fieldlabel',
      ])
      .where('zones.devid', '=', devid)
      .execute();
    return { zone, element, subgroup, subelement };
  }

  /** The library's files a development's content may name: its own and the shared ones. */
  async mediaFiles(devid: number): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where((eb) => eb.or([eb('devid', '=', devid), eb('devid', 'is', null)]))
      .execute();
  }

  async modelLabels(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('content_models').select(['modelid', 'label']).execute();
    return new Map(rows.map((row) => [row.modelid, row.label]));
  }
}
