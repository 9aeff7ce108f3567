/**
 * Content edits from the back-office. Every write runs in one transaction that
 * 1. re-reads the item and compares its version with the one the editor saw (409 with the current
 *    item when they differ — the update itself also carries the version check, so a concurrent
 *    writer on PostgreSQL cannot slip in between),
 * 2. writes, keeping orders contiguous (see draft-content-writes.ts),
 * 3. bumps the development's draft_version (its first statement: the row lock that orders edits
 *    and publishes of one development),
 * 4. appends the audit entry.
 * Edits change the draft only: nothing reaches a kiosk, nor its caches, until a publish
 * (publishing/publisher.ts, decision 008).
 * Anything thrown rolls the whole transaction back: a refused edit leaves no trace.
 *
 * One path for every kind of content: what differs between zones, elements, sub-elements and
 * sub-groups (how each is found, checked, written, described) is in content-kinds.ts.
 */
import type {
  AdminElement,
  AdminSubelement,
  AdminSubgroup,
  AdminZone,
} from '@plant-kiosk/contract';
import type { Owned } from './content-rows.js';
import type { Actor, AuditInput } from '../audit/index.js';
import type { Repositories } from '../db/repositories/index.js';
import { createRepositories } from '../db/repositories/index.js';
import type { AppContext } from '../lib/context.js';
import { badRequest, notFound } from '../lib/envelope.js';
import type { ContentKind, ContentOrder } from './content-kinds.js';
import { ADMIN_MESSAGES, ConflictError, isUniqueViolation } from '../lib/admin/errors.js';

type AuditDetails = Pick<AuditInput, 'action' | 'targetType' | 'targetId' | 'summary'>;

/** The item as it is now, after checking it still exists and is still at `expectedVersion`. */
function atVersion<T extends { version: number }>(item: T | undefined, expectedVersion: number): T {
  if (!item) throw notFound(ADMIN_MESSAGES.gone);
  if (item.version !== expectedVersion) throw new ConflictError(item);
  return item;
}

/** The error for a version-checked write that touched no row: the item changed or vanished. */
function lost(current: unknown): Error {
  return current ? new ConflictError(current) : notFound(ADMIN_MESSAGES.gone);
}

function hasChanges(body: object): boolean {
  return Object.entries(body).some(
    ([key, value]) => key !== 'expectedVersion' && value !== undefined,
  );
}

/** `ids` is exactly the current collection, in some order. */
function sameMembers(ids: readonly number[], current: readonly number[]): boolean {
  if (ids.length !== current.length) return false;
  const set = new Set(current);
  return ids.every((id) => set.has(id));
}

export class ContentEditor {
  constructor(private readonly ctx: Pick<AppContext, 'repos' | 'now'>) {}

  // ---------- reads (404 when missing) ----------

  async development(devid: number) {
    const development = await this.ctx.repos.developments.findForAdmin(devid);
    if (!development) throw notFound(`Le développement ${devid} n’existe pas.`);
    return development;
  }

  async zone(zoneid: number): Promise<AdminZone> {
    const zone = await this.ctx.repos.draft.findZone(zoneid);
    if (!zone) throw notFound(`La zone ${zoneid} n’existe pas.`);
    return zone;
  }

  async element(elementid: number): Promise<Owned<AdminElement>> {
    const element = await this.ctx.repos.draft.findElement(elementid);
    if (!element) throw notFound(`L’élément ${elementid} n’existe pas.`);
    return element;
  }

  async subelement(subelementid: number): Promise<Owned<AdminSubelement>> {
    const subelement = await this.ctx.repos.draft.findSubelement(subelementid);
    if (!subelement) throw notFound(`Le sous-élément ${subelementid} n’existe pas.`);
    return subelement;
  }

  async subgroup(subgroupid: number): Promise<Owned<AdminSubgroup>> {
    const subgroup = await this.ctx.repos.draft.findSubgroup(subgroupid, this.ctx.now());
    if (!subgroup) throw notFound(`Le sous-groupe ${subgroupid} n’existe pas.`);
    return subgroup;
  }

  // ---------- writes: one path for every kind ----------

  async create<Item, Owned, Parent, CreateBody, UpdateBody>(
    kind: ContentKind<Item, Owned, Parent, CreateBody, UpdateBody>,
    actor: Actor,
    parent: Parent,
    body: CreateBody,
  ): Promise<Item> {
    const place = kind.parentPlace(parent);
    return this.unique(kind, body, () =>
      this.write(actor, place.devid, async (tx, now) => {
        const { item, id, after } = await kind.create(tx, place, body, now);
        return [
          item,
          {
            action: `${kind.name}.create`,
            targetType: kind.name,
            targetId: id,
            summary: { after },
          },
        ];
      }),
    );
  }

  async update<
    Item extends { version: number },
    Owned,
    Parent,
    CreateBody,
    UpdateBody extends { expectedVersion: number },
  >(
    kind: ContentKind<Item, Owned, Parent, CreateBody, UpdateBody>,
    actor: Actor,
    owned: Owned,
    body: UpdateBody,
  ): Promise<Item> {
    kind.guard?.(owned);
    if (!hasChanges(body)) throw badRequest(ADMIN_MESSAGES.nothingToChange);
    const { devid, id } = kind.place(owned);
    return this.unique(kind, body, () =>
      this.write(actor, devid, async (tx, now) => {
        const current = atVersion(await kind.find(tx, id, now), body.expectedVersion);
        const updated = await kind.update(tx, current, id, body, now);
        if (!updated) throw lost(await kind.find(tx, id, now));
        const { item, summary } = updated;
        return [
          item,
          { action: `${kind.name}.update`, targetType: kind.name, targetId: id, summary },
        ];
      }),
    );
  }

  /** Deletes the item with what it holds; the orders of its siblings close up. */
  async remove<Item extends { version: number }, Owned, Parent, CreateBody, UpdateBody>(
    kind: ContentKind<Item, Owned, Parent, CreateBody, UpdateBody>,
    actor: Actor,
    owned: Owned,
    expectedVersion: number,
  ): Promise<void> {
    kind.guard?.(owned);
    const { devid, id } = kind.place(owned);
    await this.write(actor, devid, async (tx, now) => {
      const current = atVersion(await kind.find(tx, id, now), expectedVersion);
      const deleted = await kind.remove(tx, current, id, expectedVersion);
      if (!deleted) throw lost(await kind.find(tx, id, now));
      return [
        undefined,
        {
          action: `${kind.name}.delete`,
          targetType: kind.name,
          targetId: id,
          summary: { deleted },
        },
      ];
    });
  }

  /** Puts the parent's children in the order of `ids` (all of them), numbered from 1. */
  async reorder<Item, Parent>(
    order: ContentOrder<Item, Parent>,
    actor: Actor,
    parent: Parent,
    ids: readonly number[],
  ): Promise<Item[]> {
    const { devid, id } = order.parentPlace(parent);
    return this.write(actor, devid, async (tx, now) => {
      if (!sameMembers(ids, await order.members(tx, id))) {
        throw new ConflictError(await order.list(tx, id, now), ADMIN_MESSAGES.listChanged);
      }
      const reordered = await order.apply(tx, id, ids, now);
      return [
        reordered,
        { action: order.action, targetType: order.targetType, targetId: id, summary: { ids } },
      ];
    });
  }

  // ---------- the transaction every write goes through ----------

  private async write<T>(
    actor: Actor,
    devid: number,
    work: (tx: Repositories, now: Date) => Promise<[T, AuditDetails]>,
  ): Promise<T> {
    const now = this.ctx.now();
    return this.ctx.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      // First: the update locks the development's row until commit, so on PostgreSQL the writes of
      // one development run one at a time, as they do on SQLite, reads such as "last order + 1"
      // inside `work` cannot race, and a publish never sees half an edit. (Rolled back with
      // everything else when `work` fails.)
      await tx.draft.bumpDraftVersion(devid);
      const [value, audit] = await work(tx, now);
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        ...audit,
      });
      return value;
    });
  }

  /** Runs `write`, reporting a unique violation the way the kind says (a zone name taken). */
  private async unique<T, Body>(
    kind: { uniqueViolation?(body: Body): Error | undefined },
    body: Body,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const reported = isUniqueViolation(error) ? kind.uniqueViolation?.(body) : undefined;
      throw reported ?? error;
    }
  }
}
