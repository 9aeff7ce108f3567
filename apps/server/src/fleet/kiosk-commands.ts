/**
 * Remote commands (issue 47, fleet part 2; the contract's kiosk-commands.ts is the spec): the
 * back-office's request becomes one row per totem aimed, each sent as its own `command` stream
 * message to its totem alone, or queued until that totem's stream opens.
 *
 * Delivery and the `sent` state:
 * - A send stores the rows (pending) and audits the request in one transaction, then publishes each
 *   command on the event bus. The stream hub writes a `command` message only to the streams of the
 *   totem it names and answers how many totems it reached on this instance; the rows reached here
 *   are marked `sent` at once, in one statement.
 * - On PostgreSQL the bus also carries each command to the other instances, whose hubs write it to
 *   the totem if they hold its stream; the bus tells that instance's stream routes
 *   (onRemoteDelivery), which mark the row sent. Each row is thus marked by the one instance that
 *   wrote it, and only once written.
 * - When a totem's stream opens, the stream route sends it its queue — its pending and sent rows
 *   not yet expired, oldest first — and marks them sent (`queueFor`, `markSent`). A command
 *   published between the stream's open and that read may arrive twice: same rule.
 * - An acknowledged or expired row is never sent: the queue holds neither.
 *
 * Expiry is lazy (kiosk-command-repository.ts): reads report an open row past its expiry as
 * expired, and the history and the fleet list store it.
 */
import { randomUUID } from 'node:crypto';
import {
  KIOSK_COMMAND_AUDIT_ACTION,
  KIOSK_COMMAND_DEFAULT_EXPIRY_MINUTES,
  KIOSK_COMMAND_LABELS,
  type CommandMessage,
  type KioskCommand,
  type KioskCommandAck,
  type KioskCommandBatch,
  type KioskCommandListQuery,
  type KioskCommandRequest,
  type KioskProfile,
} from '@plant-kiosk/contract';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { Actor } from '../audit/index.js';
import { badRequest, forbidden, notFound } from '../lib/envelope.js';
import type { EventBus } from '../lib/event-bus.js';
import type { TokenIdentity } from '../lib/tokens.js';
import { toKioskCommand, type KioskCommandRow } from './kiosk-command-repository.js';

export const KIOSK_COMMAND_MESSAGES = {
  modeMissing: 'Choisissez le mode que le totem doit prendre (Moulage, Assemblage ou visiteur).',
  modeRefused: (label: string) =>
    `Un mode ne va qu’avec « Changer de mode » : retirez-le de la commande « ${label} ».`,
  unknownKiosk:
    'Ce totem n’existe pas dans ce développement (il a peut-être été oublié) : rechargez la liste des totems.',
  otherDevelopment: 'Ce totem appartient à un autre développement : commande refusée.',
  emptyGroup: (group: string) =>
    `Aucun totem de ce développement n’est dans le groupe « ${group} ».`,
  noKiosk: 'Ce développement n’a encore aucun totem : aucune commande envoyée.',
  sent: (count: number, reached: number) =>
    count === 1
      ? reached === 1
        ? 'Commande envoyée au totem.'
        : 'Commande mise en attente : le totem la recevra à sa prochaine connexion.'
      : `Commande envoyée à ${count} totems (${reached} en ligne, les autres la recevront à leur prochaine connexion).`,
  unknownCommand: 'Cette commande n’existe pas (ou plus) pour ce développement.',
  notYourCommand:
    'Cette commande est destinée à un autre totem : un totem ne peut acquitter que les siennes.',
  noIdentity:
    'Ce jeton ne désigne aucun totem : reconnectez le totem pour qu’il reçoive son identité.',
  acked: 'Acquittement enregistré.',
  alreadyAcked: 'Cette commande était déjà acquittée : le premier acquittement est conservé.',
} as const;

export const KIOSK_COMMAND_LIST_DEFAULT_LIMIT = 100;

export interface KioskCommandsDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
}

/** The stream message of one row, with its totem's name and place for « Identifier ». */
export function commandMessage(
  row: KioskCommandRow,
  profile: Pick<KioskProfile, 'name' | 'location'> | undefined,
): CommandMessage {
  return {
    type: 'command',
    devid: row.devid,
    kioskId: row.kiosk_id,
    command: {
      commandId: Number(row.command_id),
      kind: row.kind as CommandMessage['command']['kind'],
      ...(row.mode === null
        ? {}
        : { mode: row.mode as NonNullable<CommandMessage['command']['mode']> }),
      expiresAt: row.expires_at,
      name: profile?.name ?? null,
      location: profile?.location ?? null,
    },
  };
}

export class KioskCommands {
  constructor(private readonly deps: KioskCommandsDeps) {}

  /**
   * Makes, stores, audits and sends one command per totem aimed; the commands as they stand after
   * the send, and how many totems were reached at once.
   */
  async send(
    devid: number,
    request: KioskCommandRequest,
    actor: Actor,
  ): Promise<{ batch: KioskCommandBatch; reached: number }> {
    const { repos, bus } = this.deps;
    if (request.kind === 'set-mode' && request.mode === undefined) {
      throw badRequest(KIOSK_COMMAND_MESSAGES.modeMissing);
    }
    if (request.kind !== 'set-mode' && request.mode !== undefined) {
      throw badRequest(KIOSK_COMMAND_MESSAGES.modeRefused(KIOSK_COMMAND_LABELS[request.kind]));
    }
    const profiles = await repos.kioskProfiles.byKiosk([devid]);
    const kioskIds = await this.targets(devid, request.target, profiles);
    const now = this.deps.now();
    const expiresAt = new Date(
      now.getTime() + (request.expiresInMinutes ?? KIOSK_COMMAND_DEFAULT_EXPIRY_MINUTES) * 60_000,
    );
    const batchId = randomUUID();
    const rows = await repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      const inserted = await tx.kioskCommands.insert(
        kioskIds.map((kioskId) => ({
          batchId,
          devid,
          kioskId,
          kind: request.kind,
          mode: request.mode ?? null,
          createdAt: now,
          expiresAt,
          createdBy: actor.username,
        })),
      );
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        action: KIOSK_COMMAND_AUDIT_ACTION,
        targetType: 'development',
        targetId: devid,
        summary: {
          kind: request.kind,
          ...(request.mode === undefined ? {} : { mode: request.mode }),
          target: request.target,
          expiresInMinutes: request.expiresInMinutes ?? KIOSK_COMMAND_DEFAULT_EXPIRY_MINUTES,
          count: inserted.length,
          batchId,
        },
      });
      return inserted;
    });
    // After the commit: a totem that acknowledges at once finds its row.
    const reachedIds: number[] = [];
    for (const row of rows) {
      const message = commandMessage(row, profiles.get(`${devid}:${row.kiosk_id}`));
      if ((await bus.publish(message)) > 0) reachedIds.push(Number(row.command_id));
    }
    const sentAt = this.deps.now();
    await repos.kioskCommands.markSent(reachedIds, sentAt);
    await bus.signalFleet(devid);
    const reached = new Set(reachedIds);
    const commands = rows.map((row) =>
      toKioskCommand(
        reached.has(Number(row.command_id))
          ? { ...row, state: 'sent', sent_at: sentAt.toISOString() }
          : row,
        sentAt,
      ),
    );
    return { batch: { batchId, commands }, reached: reached.size };
  }

  /** The totem's queue as stream messages, oldest first (the stream route writes and marks them). */
  async queueFor(devid: number, kioskId: string): Promise<CommandMessage[]> {
    const { repos } = this.deps;
    const rows = await repos.kioskCommands.queue(devid, kioskId, this.deps.now());
    if (rows.length === 0) return [];
    const profile = (await repos.kioskProfiles.find(devid, kioskId)) ?? undefined;
    return rows.map((row) => commandMessage(row, profile));
  }

  /** These commands were written to their totem's stream. */
  async markSent(devid: number, commandIds: readonly number[]): Promise<void> {
    if (commandIds.length === 0) return;
    await this.deps.repos.kioskCommands.markSent(commandIds, this.deps.now());
    await this.deps.bus.signalFleet(devid);
  }

  /**
   * The totem's acknowledgement: recorded unless one already is (the first wins); the
   * acknowledgement as stored, and whether this one was it. 404 for an unknown command, 403 for
   * another totem's (nothing recorded).
   */
  async ack(
    auth: TokenIdentity,
    commandId: number,
    body: KioskCommandAck,
  ): Promise<{ ack: KioskCommandAck; recorded: boolean }> {
    const { repos } = this.deps;
    const { devid } = auth;
    const row = await repos.kioskCommands.find(devid, commandId);
    if (!row) throw notFound(KIOSK_COMMAND_MESSAGES.unknownCommand);
    if (auth.kioskId === undefined) throw forbidden(KIOSK_COMMAND_MESSAGES.noIdentity);
    if (auth.kioskId !== row.kiosk_id) throw forbidden(KIOSK_COMMAND_MESSAGES.notYourCommand);
    const reason = body.status === 'failed' ? body.reason?.trim() || null : null;
    const recorded = await repos.kioskCommands.ack(
      devid,
      commandId,
      body.status,
      reason,
      this.deps.now(),
    );
    if (recorded) {
      await this.deps.bus.signalFleet(devid);
      return {
        ack: reason === null ? { status: body.status } : { status: body.status, reason },
        recorded,
      };
    }
    const stored = (await repos.kioskCommands.find(devid, commandId)) ?? row;
    const status = stored.state === 'failed' ? 'failed' : 'done';
    return {
      ack: stored.reason === null ? { status } : { status, reason: stored.reason },
      recorded: false,
    };
  }

  /** The development's commands, newest first (open rows past their expiry stored as expired). */
  async list(devid: number, query: KioskCommandListQuery): Promise<KioskCommand[]> {
    const { repos } = this.deps;
    const now = this.deps.now();
    await repos.kioskCommands.expire([devid], now);
    const rows = await repos.kioskCommands.list(devid, {
      kioskId: query.kioskId,
      limit: query.limit ?? KIOSK_COMMAND_LIST_DEFAULT_LIMIT,
    });
    return rows.map((row) => toKioskCommand(row, now));
  }

  /** The totems a request aims: known ones only (an identity or a fleet entry). */
  private async targets(
    devid: number,
    target: KioskCommandRequest['target'],
    profiles: Map<string, KioskProfile>,
  ): Promise<string[]> {
    const { kioskCommands } = this.deps.repos;
    if (target.kind === 'kiosk') {
      const known = await kioskCommands.knownKiosks(devid, [target.kioskId]);
      if (known.length > 0) return known;
      if (await kioskCommands.knownElsewhere(devid, target.kioskId)) {
        throw forbidden(KIOSK_COMMAND_MESSAGES.otherDevelopment);
      }
      throw notFound(KIOSK_COMMAND_MESSAGES.unknownKiosk);
    }
    const known = await kioskCommands.knownKiosks(devid);
    if (target.kind === 'all') {
      if (known.length === 0) throw notFound(KIOSK_COMMAND_MESSAGES.noKiosk);
      return known;
    }
    const wanted = target.group.trim().toLocaleLowerCase('fr');
    const inGroup = known.filter((kioskId) =>
      profiles
        .get(`${devid}:${kioskId}`)
        ?.groups.some((group) => group.toLocaleLowerCase('fr') === wanted),
    );
    if (inGroup.length === 0)
      throw notFound(KIOSK_COMMAND_MESSAGES.emptyGroup(target.group.trim()));
    return inGroup;
  }
}
