/**
 * The SSO domain's SQL (migration 026, decision 046): the server-wide settings row with its groups
 * → rights table, the sign-ins under way (single use: consumed by a DELETE … RETURNING, so a state
 * replayed on any instance finds nothing), and the sessions opened through the provider with
 * what re-checks them. A re-check is claimed by a conditional UPDATE of `checked_at` (the value
 * read in the WHERE): of two requests arriving together, one refreshes, the other goes on.
 */
import type { SsoGroupRule } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The settings as stored, the secret included: never answered as such (see the routes). */
export interface StoredSsoSettings {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  groupsClaim: string;
  scopes: string;
  publicBaseUrl: string;
  version: number;
  updatedAt: string | null;
}

export const EMPTY_SSO_SETTINGS: StoredSsoSettings = {
  enabled: false,
  issuer: '',
  clientId: '',
  clientSecret: '',
  displayName: '',
  groupsClaim: 'groups',
  scopes: 'openid profile email',
  publicBaseUrl: '',
  version: 0,
  updatedAt: null,
};

export interface PendingLogin {
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  createdAt: string;
}

export interface SsoSessionRecord {
  sessionId: string;
  userid: number;
  subject: string;
  refreshToken: string | null;
  accessToken: string | null;
  checkedAt: string;
}

const SETTINGS_ID = 1;

function parseRules(text: string): SsoGroupRule[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as SsoGroupRule[]) : [];
  } catch {
    return [];
  }
}

export class SsoRepository {
  constructor(private readonly db: Db) {}

  async settings(): Promise<StoredSsoSettings> {
    const row = await this.db
      .selectFrom('sso_settings')
      .selectAll()
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
    if (!row) return EMPTY_SSO_SETTINGS;
    return {
      enabled: Number(row.enabled) === 1,
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecret: row.client_secret,
      displayName: row.display_name,
      groupsClaim: row.groups_claim,
      scopes: row.scopes,
      publicBaseUrl: row.public_base_url,
      version: Number(row.version),
      updatedAt: row.updated_at,
    };
  }

  async saveSettings(settings: StoredSsoSettings, now: Date): Promise<void> {
    const values = {
      enabled: settings.enabled ? 1 : 0,
      issuer: settings.issuer,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      display_name: settings.displayName,
      groups_claim: settings.groupsClaim,
      scopes: settings.scopes,
      public_base_url: settings.publicBaseUrl,
      version: settings.version,
      updated_at: now.toISOString(),
    };
    await this.db
      .insertInto('sso_settings')
      .values({ id: SETTINGS_ID, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async groupRights(): Promise<SsoGroupRule[]> {
    const row = await this.db
      .selectFrom('sso_settings')
      .select('group_rights')
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
    return row ? parseRules(row.group_rights) : [];
  }

  async saveGroupRights(rules: readonly SsoGroupRule[], now: Date): Promise<void> {
    const text = JSON.stringify(rules);
    await this.db
      .insertInto('sso_settings')
      .values({ id: SETTINGS_ID, group_rights: text, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ group_rights: text }))
      .execute();
  }

  // ---------- sign-ins under way ----------

  async createLogin(stateHash: string, login: PendingLogin): Promise<void> {
    await this.db
      .insertInto('sso_logins')
      .values({
        state_hash: stateHash,
        browser_hash: login.browserHash,
        code_verifier: login.codeVerifier,
        nonce: login.nonce,
        created_at: login.createdAt,
      })
      .execute();
  }

  /** Takes the sign-in of a state out of the store: only the first caller gets it. */
  async consumeLogin(stateHash: string): Promise<PendingLogin | undefined> {
    const row = await this.db
      .deleteFrom('sso_logins')
      .where('state_hash', '=', stateHash)
      .returningAll()
      .executeTakeFirst();
    return row
      ? {
          browserHash: row.browser_hash,
          codeVerifier: row.code_verifier,
          nonce: row.nonce,
          createdAt: row.created_at,
        }
      : undefined;
  }

  /** Forgets the sign-ins started before `before` (abandoned at the provider's page). */
  async deleteLoginsBefore(before: Date): Promise<void> {
    await this.db.deleteFrom('sso_logins').where('created_at', '<', before.toISOString()).execute();
  }

  // ---------- sessions opened through the provider ----------

  async createSession(record: SsoSessionRecord): Promise<void> {
    await this.db
      .insertInto('sso_sessions')
      .values({
        session_id: record.sessionId,
        userid: record.userid,
        subject: record.subject,
        refresh_token: record.refreshToken,
        access_token: record.accessToken,
        checked_at: record.checkedAt,
      })
      .execute();
  }

  async findSession(sessionId: string): Promise<SsoSessionRecord | undefined> {
    const row = await this.db
      .selectFrom('sso_sessions')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row
      ? {
          sessionId: row.session_id,
          userid: Number(row.userid),
          subject: row.subject,
          refreshToken: row.refresh_token,
          accessToken: row.access_token,
          checkedAt: row.checked_at,
        }
      : undefined;
  }

  /** Takes the next check of a session; false when another request took it first. */
  async claimCheck(sessionId: string, checkedAt: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('sso_sessions')
      .set({ checked_at: now.toISOString() })
      .where('session_id', '=', sessionId)
      .where('checked_at', '=', checkedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async updateTokens(
    sessionId: string,
    tokens: { refreshToken: string | null; accessToken: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('sso_sessions')
      .set({ refresh_token: tokens.refreshToken, access_token: tokens.accessToken })
      .where('session_id', '=', sessionId)
      .execute();
  }
}
