/**
 * « Vous êtes ici » (issue 47, fleet part 2): per totem, one point on each image of the « Plan du
 * site » zone, in coordinates relative to the image (0–1 from its left and top edges, so any
 * rendering size places it alike). Like the profile (017, decision 038) it is not content: in force
 * at once, no draft/live pair.
 *
 * `image` is the element's image as it was when the point was placed: once the published image
 * differs, the point is hidden on the totem and flagged in the back-office (a point placed on the
 * old plan would point at the wrong place on the new one). Removed with the totem's `kiosks` row.
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–018, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_plan_marks')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('elementid', 'integer', (col) => col.notNull())
    .addColumn('x', 'real', (col) => col.notNull())
    .addColumn('y', 'real', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('kiosk_plan_marks_pk', ['devid', 'kiosk_id', 'elementid'])
    .addForeignKeyConstraint(
      'kiosk_plan_marks_kiosk_fk',
      ['devid', 'kiosk_id'],
      'kiosks',
      ['devid', 'kiosk_id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
}
