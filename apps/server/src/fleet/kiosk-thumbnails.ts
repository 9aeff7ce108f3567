/**
 * Thumbnails the totem draws of its own page (issue 48, fleet part 3; decision 043; the contract's
 * kiosk-thumbnails.ts is the spec): the totem's upload, checked and stored, and the back-office's
 * reads.
 *
 * An upload, in one write transaction (IMMEDIATE on SQLite; on PostgreSQL an advisory lock on the
 * totem, so that two uploads of one totem cannot both pass the once-a-minute check):
 * - it answers a `thumbnail` command when `commandId` names an open one (pending or sent, not
 *   acknowledged, not expired) of the token's own totem: no rate limit, and the command is
 *   acknowledged `done` in the same transaction (the picture is the answer: stored iff acknowledged);
 * - any other `commandId` — unknown, another totem's, of another kind, already acknowledged,
 *   expired — is not an error: the picture is taken as one drawn on the totem's own schedule
 *   (stored with no command, the command left as it is), and the once-a-minute limit applies.
 *   A late or repeated answer is then a harmless scheduled picture, and a totem cannot lift its
 *   limit by naming any command id;
 * - otherwise a picture received less than THUMBNAIL_MIN_INTERVAL_SECONDS after the totem's latest
 *   is refused (429, nothing stored);
 * - the picture is stored and the totem's pictures beyond the latest THUMBNAIL_KEEP deleted.
 * After the commit the fleet hears of it (signalFleet), so open fleet pages show the new picture
 * and the command's state at once. A thumbnail never marks a totem online: presence stays the
 * heartbeat's (decision 043).
 */
import {
  ERROR_CODES,
  isWebp,
  THUMBNAIL_KEEP,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_MIN_INTERVAL_SECONDS,
  type KioskThumbnail,
  type KioskThumbnailUploadQuery,
} from '@plant-kiosk/contract';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { Database } from '../db/schema.js';
import { forbidden, HttpError, notFound } from '../lib/envelope.js';
import type { EventBus } from '../lib/event-bus.js';
import type { TokenIdentity } from '../lib/tokens.js';
import type { KioskCommandRow } from './kiosk-command-repository.js';
import { toKioskThumbnail } from './kiosk-thumbnail-repository.js';

export const KIOSK_THUMBNAIL_MESSAGES = {
  stored: 'Vignette enregistrée.',
  answered: 'Vignette enregistrée : la demande du back-office est acquittée.',
  noIdentity:
    'Ce jeton ne désigne aucun totem : reconnectez le totem pour qu’il reçoive son identité.',
  notWebp: 'Cette vignette n’est pas une image WebP : elle est refusée.',
  wrongType: 'Envoyez la vignette comme une image WebP (Content-Type: image/webp).',
  tooLarge: `Vignette trop lourde : ${THUMBNAIL_MAX_BYTES / 1024} Kio au plus.`,
  tooOften: (seconds: number) =>
    `Une vignette par minute au plus : réessayez dans ${seconds} s (ou répondez à une demande du back-office).`,
  unknownKiosk:
    'Ce totem n’existe pas dans ce développement (il a peut-être été oublié) : rechargez la liste des totems.',
  gone: `Cette vignette n’existe plus : seules les ${THUMBNAIL_KEEP} dernières de chaque totem sont gardées.`,
} as const;

export const unsupportedMediaType = (message: string) =>
  new HttpError(415, ERROR_CODES.unsupportedMediaType, message);

export interface KioskThumbnailsDeps {
  repos: Repositories;
  bus: Pick<EventBus, 'signalFleet'>;
  now: () => Date;
}

/** An upload's outcome: stored (and whether it answered a command), or too soon after the last. */
export type ThumbnailUpload =
  | { kind: 'stored'; thumbnail: KioskThumbnail; answered: boolean }
  | { kind: 'too-soon'; retryAfterSeconds: number };

/** Whether this command is an open `thumbnail` command of this totem at `now`. */
function isOpenThumbnailCommand(
  row: KioskCommandRow | undefined,
  kioskId: string,
  now: Date,
): row is KioskCommandRow {
  return (
    row !== undefined &&
    row.kind === 'thumbnail' &&
    row.kiosk_id === kioskId &&
    (row.state === 'pending' || row.state === 'sent') &&
    row.acked_at === null &&
    row.expires_at > now.toISOString()
  );
}

/**
 * Seconds before the totem may send again on its own schedule, 0 when it may now. A latest picture
 * dated after `now` (the server's clock stepped back) does not block: the limit guards against a
 * totem sending too often, not against the server's clock.
 */
function secondsToWait(latestReceivedAt: string | undefined, now: Date): number {
  if (latestReceivedAt === undefined) return 0;
  const elapsed = now.getTime() - Date.parse(latestReceivedAt);
  const interval = THUMBNAIL_MIN_INTERVAL_SECONDS * 1000;
  if (elapsed < 0 || elapsed >= interval) return 0;
  return Math.max(1, Math.ceil((interval - elapsed) / 1000));
}

/** PostgreSQL: the totem's uploads, one at a time until commit (SQLite has one writer already). */
async function lockTotem(trx: Transaction<Database>, devid: number, kioskId: string) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const key = `kiosk-thumbnail:${devid}:${kioskId}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export class KioskThumbnails {
  constructor(private readonly deps: KioskThumbnailsDeps) {}

  /**
   * The totem's upload (the token's totem only: 403 for a token bound to none; 415 for bytes that
   * are not WebP, whatever their content type said). The route has checked the size.
   */
  async upload(
    auth: TokenIdentity,
    query: KioskThumbnailUploadQuery,
    image: Buffer,
  ): Promise<ThumbnailUpload> {
    const { repos, bus } = this.deps;
    const { devid, kioskId } = auth;
    if (kioskId === undefined) throw forbidden(KIOSK_THUMBNAIL_MESSAGES.noIdentity);
    if (!isWebp(image)) throw unsupportedMediaType(KIOSK_THUMBNAIL_MESSAGES.notWebp);
    const now = this.deps.now();
    const outcome = await repos.transaction(async (trx): Promise<ThumbnailUpload> => {
      const tx = createRepositories(trx);
      await lockTotem(trx, devid, kioskId);
      const command =
        query.commandId === undefined
          ? undefined
          : await tx.kioskCommands.find(devid, query.commandId);
      const answering = isOpenThumbnailCommand(command, kioskId, now) ? command : undefined;
      if (!answering) {
        const wait = secondsToWait(
          (await tx.kioskThumbnails.latest(devid, kioskId))?.received_at,
          now,
        );
        if (wait > 0) return { kind: 'too-soon', retryAfterSeconds: wait };
      }
      const row = await tx.kioskThumbnails.insert({
        devid,
        kioskId,
        route: query.route,
        revision: query.revision ?? null,
        takenAt: query.takenAt,
        receivedAt: now,
        placeholders: query.placeholders ?? 0,
        commandId: answering ? Number(answering.command_id) : null,
        image,
      });
      await tx.kioskThumbnails.trim(devid, kioskId, THUMBNAIL_KEEP);
      if (answering) {
        await tx.kioskCommands.ack(devid, Number(answering.command_id), 'done', null, now);
      }
      return {
        kind: 'stored',
        thumbnail: toKioskThumbnail(row),
        answered: answering !== undefined,
      };
    });
    // After the commit: open fleet pages read the fleet again, the new picture and the command's
    // state with it (every instance's, through the bus).
    if (outcome.kind === 'stored') await bus.signalFleet(devid);
    return outcome;
  }

  /** The totem's latest pictures, newest first; 404 for a totem the development does not know. */
  async list(devid: number, kioskId: string): Promise<KioskThumbnail[]> {
    const { repos } = this.deps;
    await this.requireKnown(devid, kioskId);
    const rows = await repos.kioskThumbnails.list(devid, kioskId, THUMBNAIL_KEEP);
    return rows.map(toKioskThumbnail);
  }

  /** One picture's bytes and when it was received; 404 when it is gone (or the totem unknown). */
  async image(
    devid: number,
    kioskId: string,
    thumbnailId: number,
  ): Promise<{ image: Buffer; receivedAt: string }> {
    const found = await this.deps.repos.kioskThumbnails.image(devid, kioskId, thumbnailId);
    if (found) return found;
    await this.requireKnown(devid, kioskId);
    throw notFound(KIOSK_THUMBNAIL_MESSAGES.gone);
  }

  /** Known: with an identity or a fleet entry, as for remote commands (a thumbnail can be asked of
   * a totem that logged in and never reported). */
  private async requireKnown(devid: number, kioskId: string): Promise<void> {
    const known = await this.deps.repos.kioskCommands.knownKiosks(devid, [kioskId]);
    if (known.length === 0) throw notFound(KIOSK_THUMBNAIL_MESSAGES.unknownKiosk);
  }
}
