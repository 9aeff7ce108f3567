/**
 * OpenID Connect sign-in to the back-office (issue 51, part 1; decision 046).
 *
 * - `sso_settings`: ONE row (id 1) for the whole server, never published (decision 017): the
 *   provider, the client (its secret stored as given, like the SMTP password of migration 021, so a
 *   backup carries it), the public address the redirect URI is built from, and the groups → rights
 *   table as JSON (read whole at each sign-in: a handful of rules).
 * - `sso_logins`: sign-ins under way, keyed by the SHA-256 of their `state`; each holds its PKCE
 *   verifier and nonce (they never leave the server) and the SHA-256 of the browser cookie that
 *   binds it to the browser that started it. The callback DELETEs its row: a state works once.
 * - `sso_sessions`: beside a back-office session opened by the provider, what re-checks it with the
 *   provider (refresh or access token) and when it was last checked.
 * - `admin_users.sso_issuer` / `sso_subject`: who the user is at the provider (null for a local
 *   account). Users are found by this pair, never by name, so a provider's user called `admin`
 *   never becomes the local `admin`.
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–025, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('issuer', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('client_id', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('client_secret', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('display_name', 'varchar(60)', (col) => col.notNull().defaultTo(''))
    .addColumn('groups_claim', 'varchar(100)', (col) => col.notNull().defaultTo('groups'))
    .addColumn('scopes', 'varchar(300)', (col) => col.notNull().defaultTo('openid profile email'))
    .addColumn('public_base_url', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    /** JSON list of SsoGroupRule. */
    .addColumn('group_rights', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)')
    .execute();
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('browser_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('code_verifier', 'varchar(128)', (col) => col.notNull())
    .addColumn('nonce', 'varchar(128)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_created').on('sso_logins').column('created_at').execute();
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'varchar(64)', (col) =>
      col.primaryKey().references('admin_sessions.session_id').onDelete('cascade'),
    )
    .addColumn('userid', 'integer', (col) => col.notNull())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('access_token', 'text')
    .addColumn('checked_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('admin_users').addColumn('sso_issuer', 'varchar(500)').execute();
  await db.schema.alterTable('admin_users').addColumn('sso_subject', 'varchar(255)').execute();
  await db.schema
    .createIndex('admin_users_sso')
    .on('admin_users')
    .columns(['sso_issuer', 'sso_subject'])
    .unique()
    .execute();
}
