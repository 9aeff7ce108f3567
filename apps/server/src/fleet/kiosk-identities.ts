/**
 * Each totem's own identity (issue 47, part 1; decision 015 says how the kiosk differs from its
 * spec here). Any holder of a development's kiosk password used to speak for any totem: the server
 * now names each totem at login, binds the token it issues to that name (`kid`), and accepts a
 * report (heartbeat, alert acknowledgement, stream) only for the id of its own token.
 *
 * - Login: a totem that presents its previous token (the spec's `token` header on the login call)
 *   keeps its id when the token's signature holds and it is for the same development — expired or
 *   revoked alike — unless the id was forgotten or swept. Otherwise it gets a fresh id, never one
 *   the client chose. New ids are bounded per development.
 * - Upgrade: a token issued before (no `kid`) is bound to the first id it reports; the heartbeat's
 *   answer hands it a token with that id. Until that token is used, the old one may claim the id
 *   again (a lost answer, a kiosk app that does not store it yet); after, it may not.
 * - Expiry: an id never seen (no report with its own token) within a day of its login is swept.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import { forbidden, HttpError } from '../lib/envelope.js';
import type { EventBus } from '../lib/event-bus.js';
import type { TokenIdentity, TokenService } from '../lib/tokens.js';
import { FLEET_MAX_KIOSKS_PER_DEVELOPMENT } from './fleet.js';

/** An identity not seen within this time of its login is swept (a probe's, a test's). */
export const KIOSK_IDENTITY_UNSEEN_TTL_MS = 24 * 60 * 60 * 1000;

export const KIOSK_IDENTITIES_FULL_MESSAGE = `Trop de totems enregistrés pour ce développement (${FLEET_MAX_KIOSKS_PER_DEVELOPMENT} au plus) : supprimez les totems inutilisés dans « Parc de totems » du back-office (« Oublier ce totem » ou « Purger les totems silencieux »), puis reconnectez ce totem.`;

export const KIOSK_NOT_YOURS_MESSAGE =
  'Ce jeton appartient à un autre totem : un totem ne peut rendre compte que pour lui-même.';

export interface KioskIdentitiesDeps {
  repos: Pick<Repositories, 'kioskIdentities' | 'accounts' | 'kioskCommands'>;
  tokens: Pick<TokenService, 'signedIdentity' | 'issue'>;
  now: () => Date;
  /** Tells the back-office's live fleet pages of a new totem (listed « Jamais vu » at once). */
  bus?: Pick<EventBus, 'signalFleet'>;
}

/** What a report's check found: the id to record, and a new token for an upgraded totem. */
export interface KioskClaim {
  kioskId: string;
  /** A token bound to `kioskId`, for a token issued before identities (the heartbeat hands it). */
  token?: string;
}

/** Ids whose `seen_at` this process already set: a totem's every heartbeat need not write it. */
const seenHere = new Set<string>();
const MAX_SEEN_HERE = 100_000;

export class KioskIdentities {
  constructor(private readonly deps: KioskIdentitiesDeps) {}

  /**
   * The id a totem logging in gets: its previous token's, when that token's signature holds, it
   * is for this development and the id is still known; a fresh one otherwise (409 over the bound).
   */
  async forLogin(devid: number, previousToken: string | undefined): Promise<string> {
    // Expiry runs here, like the stream tickets' purge: where identities are made.
    await this.sweep();
    const previous = await this.deps.tokens.signedIdentity(previousToken);
    const { kioskIdentities } = this.deps.repos;
    if (previous?.devid === devid && previous.kioskId !== undefined) {
      if (await kioskIdentities.find(devid, previous.kioskId)) return previous.kioskId;
    }
    await this.assertRoom(devid);
    const kioskId = randomUUID();
    await kioskIdentities.create(devid, kioskId, 'login', this.deps.now());
    // The open fleet pages list it at once (« Jamais vu » until its first report), not at their
    // next periodic re-read. Best effort: the login stands whatever the signal does.
    await this.deps.bus?.signalFleet(devid).catch(() => undefined);
    return kioskId;
  }

  /**
   * 403 unless the token may speak for `kioskId`: its own id, or — for a token issued before
   * identities — an id not yet bound to another token (bound to it now, within the bound).
   */
  async claim(identity: TokenIdentity, kioskId: string): Promise<KioskClaim> {
    const { devid } = identity;
    const { kioskIdentities } = this.deps.repos;
    if (identity.kioskId !== undefined) {
      if (identity.kioskId !== kioskId) throw forbidden(KIOSK_NOT_YOURS_MESSAGE);
      const key = `${devid}/${kioskId}`;
      if (!seenHere.has(key)) {
        await kioskIdentities.markSeen(devid, kioskId, this.deps.now());
        if (seenHere.size >= MAX_SEEN_HERE) seenHere.clear();
        seenHere.add(key);
      }
      return { kioskId };
    }
    const existing = await kioskIdentities.find(devid, kioskId);
    if (existing && (existing.origin !== 'upgrade' || existing.seenAt !== null)) {
      throw forbidden(KIOSK_NOT_YOURS_MESSAGE);
    }
    if (!existing) {
      await this.assertRoom(devid);
      await kioskIdentities.create(devid, kioskId, 'upgrade', this.deps.now());
    }
    const tokenVersion = (await this.deps.repos.accounts.tokenVersion(devid)) ?? 1;
    const token = await this.deps.tokens.issue({
      devid,
      accountid: identity.accountid,
      tokenVersion,
      kioskId,
    });
    return { kioskId, token };
  }

  /** Sweeps the identities never seen within KIOSK_IDENTITY_UNSEEN_TTL_MS of their login. */
  async sweep(): Promise<{ devid: number; kioskId: string }[]> {
    const before = new Date(this.deps.now().getTime() - KIOSK_IDENTITY_UNSEEN_TTL_MS);
    const swept = await this.deps.repos.kioskIdentities.sweepUnseen(before);
    // Commands queued for a totem that never showed up go with it (issue 47).
    for (const { devid, kioskId } of swept) {
      await this.deps.repos.kioskCommands.deleteForKiosk(devid, kioskId);
    }
    return swept;
  }

  /** Forgets that this process saw an id (it was forgotten: a new row may reuse nothing). */
  static forgetSeen(devid: number, kioskId: string): void {
    seenHere.delete(`${devid}/${kioskId}`);
  }

  private async assertRoom(devid: number): Promise<void> {
    const count = await this.deps.repos.kioskIdentities.count(devid);
    if (count >= FLEET_MAX_KIOSKS_PER_DEVELOPMENT) {
      throw new HttpError(409, ERROR_CODES.conflict, KIOSK_IDENTITIES_FULL_MESSAGE);
    }
  }
}
