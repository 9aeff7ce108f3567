/**
 * Content edits from the back-office. Every write runs in one transaction that
 * 1. re-reads the item and compares its version with the one the editor saw (409 with the current
 *    item when they differ — the update itself also carries the version check, so a concurrent
 *    writer on PostgreSQL cannot slip in between),
 * 2. writes, keeping orders contiguous (see AdminContentRepository),
 * 3. bumps the development's draft_version (its first statement: the row lock that orders edits
 *    and publishes of one development),
 * 4. appends the audit entry.
 * Edits change the draft only: nothing reaches a kiosk, nor its caches, until a publish
 * (lib/publisher.ts, decision 008).
 * Anything thrown rolls the whole transaction back: a refused edit leaves no trace.
 */
import type {
  AdminElement,
  AdminSubelement,
  AdminSubgroup,
  AdminZone,
  CreateElementRequest,
  CreateSubelementRequest,
  CreateSubgroupRequest,
  CreateZoneRequest,
  FieldValue,
  ItemType,
  SubgroupFieldValues,
  UpdateElementRequest,
  UpdateSubelementRequest,
  UpdateSubgroupRequest,
  UpdateZoneRequest,
} from '@plant-kiosk/contract';
import type { AuditInput, Repositories } from '../../db/repositories/index.js';
import { createRepositories } from '../../db/repositories/index.js';
import type { OwnedItem } from '../../db/repositories/admin-content-repository.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../envelope.js';
import { ADMIN_MESSAGES, ConflictError, conflict, isUniqueViolation } from './errors.js';
import { brief, changes, checkItemValue, normalizeDate } from './values.js';

/** Who makes the change, for the audit log. */
export interface Actor {
  userid: number;
  username: string;
}

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

const nameTaken = (zonename: string) =>
  conflict(`Une zone nommée « ${zonename} » existe déjà dans ce développement.`);

const fieldValues = (subgroup: AdminSubgroup, labels: readonly string[]) =>
  Object.fromEntries(
    labels.map((label) => [label, (subgroup.fields[label] ?? []).map((item) => brief(item.value))]),
  );

export class ContentEditor {
  constructor(private readonly ctx: Pick<AppContext, 'repos' | 'now'>) {}

  // ---------- reads (404 when missing) ----------

  async development(devid: number) {
    const development = await this.ctx.repos.adminDevelopments.find(devid);
    if (!development) throw notFound(`Le développement ${devid} n’existe pas.`);
    return development;
  }

  async zone(zoneid: number): Promise<AdminZone> {
    const zone = await this.ctx.repos.adminContent.findZone(zoneid);
    if (!zone) throw notFound(`La zone ${zoneid} n’existe pas.`);
    return zone;
  }

  async element(elementid: number): Promise<OwnedItem<AdminElement>> {
    const element = await this.ctx.repos.adminContent.findElement(elementid);
    if (!element) throw notFound(`L’élément ${elementid} n’existe pas.`);
    return element;
  }

  async subelement(subelementid: number): Promise<OwnedItem<AdminSubelement>> {
    const subelement = await this.ctx.repos.adminContent.findSubelement(subelementid);
    if (!subelement) throw notFound(`Le sous-élément ${subelementid} n’existe pas.`);
    return subelement;
  }

  async subgroup(subgroupid: number): Promise<OwnedItem<AdminSubgroup>> {
    const subgroup = await this.ctx.repos.adminContent.findSubgroup(subgroupid, this.ctx.now());
    if (!subgroup) throw notFound(`Le sous-groupe ${subgroupid} n’existe pas.`);
    return subgroup;
  }

  // ---------- the transaction every write goes through ----------

  private async write<T>(
    actor: Actor,
    devid: number,
    work: (tx: Repositories) => Promise<[T, AuditDetails]>,
  ): Promise<T> {
    const now = this.ctx.now();
    const result = await this.ctx.repos.content.transaction(async (trx) => {
      const tx = createRepositories(trx);
      // First: the update locks the development's row until commit, so on PostgreSQL the writes of
      // one development run one at a time, as they do on SQLite, reads such as "last order + 1"
      // inside `work` cannot race, and a publish never sees half an edit. (Rolled back with
      // everything else when `work` fails.)
      await tx.content.bumpDraftVersion(devid);
      const [value, audit] = await work(tx);
      await tx.audit.insert({
        at: now,
        userid: actor.userid,
        username: actor.username,
        devid,
        ...audit,
      });
      return value;
    });
    return result;
  }

  // ---------- zones ----------

  async createZone(actor: Actor, devid: number, body: CreateZoneRequest): Promise<AdminZone> {
    try {
      return await this.write(actor, devid, async (tx) => {
        if (await tx.adminContent.zoneNameTaken(devid, body.zonename))
          throw nameTaken(body.zonename);
        const zone = await tx.adminContent.insertZone({
          devid,
          zonename: body.zonename,
          type: body.type,
          checkList: body.checkList ?? false,
        });
        return [
          zone,
          {
            action: 'zone.create',
            targetType: 'zone',
            targetId: zone.zoneid,
            summary: { after: zone },
          },
        ];
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.zonename);
      throw error;
    }
  }

  async updateZone(actor: Actor, zone: AdminZone, body: UpdateZoneRequest): Promise<AdminZone> {
    if (!hasChanges(body)) throw badRequest(ADMIN_MESSAGES.nothingToChange);
    const { expectedVersion, ...wanted } = body;
    try {
      return await this.write(actor, zone.devid, async (tx) => {
        const current = atVersion(await tx.adminContent.findZone(zone.zoneid), expectedVersion);
        if (
          wanted.zonename !== undefined &&
          (await tx.adminContent.zoneNameTaken(zone.devid, wanted.zonename, zone.zoneid))
        ) {
          throw nameTaken(wanted.zonename);
        }
        const updated = await tx.adminContent.updateZone(zone.zoneid, expectedVersion, wanted);
        if (!updated) throw lost(await tx.adminContent.findZone(zone.zoneid));
        return [
          updated,
          {
            action: 'zone.update',
            targetType: 'zone',
            targetId: zone.zoneid,
            summary: changes(current, updated, ['zonename', 'type', 'checkList']),
          },
        ];
      });
    } catch (error) {
      if (isUniqueViolation(error) && wanted.zonename !== undefined)
        throw nameTaken(wanted.zonename);
      throw error;
    }
  }

  /** Deletes the zone with its elements, sub-elements and sub-groups. */
  async deleteZone(actor: Actor, zone: AdminZone, expectedVersion: number): Promise<void> {
    await this.write(actor, zone.devid, async (tx) => {
      const current = atVersion(await tx.adminContent.findZone(zone.zoneid), expectedVersion);
      const elements = (await tx.adminContent.listElements(zone.zoneid)).length;
      if (!(await tx.adminContent.deleteZone(zone.zoneid, expectedVersion))) {
        throw lost(await tx.adminContent.findZone(zone.zoneid));
      }
      return [
        undefined,
        {
          action: 'zone.delete',
          targetType: 'zone',
          targetId: zone.zoneid,
          summary: { deleted: { zonename: current.zonename, type: current.type, elements } },
        },
      ];
    });
  }

  // ---------- elements ----------

  async createElement(
    actor: Actor,
    zone: AdminZone,
    body: CreateElementRequest,
  ): Promise<AdminElement> {
    const value = checkItemValue(body.value, body.type);
    const addingdate = body.addingdate
      ? normalizeDate(body.addingdate)
      : this.ctx.now().toISOString();
    return this.write(actor, zone.devid, async (tx) => {
      const element = await tx.adminContent.insertElement({
        zoneid: zone.zoneid,
        value,
        type: body.type,
        addingdate,
        ...(body.lang ? { lang: body.lang } : {}),
      });
      return [
        element,
        {
          action: 'element.create',
          targetType: 'element',
          targetId: element.elementid,
          summary: {
            after: {
              zoneid: zone.zoneid,
              order: element.order,
              type: element.type,
              value: brief(value),
              ...(element.lang ? { lang: element.lang } : {}),
            },
          },
        },
      ];
    });
  }

  async updateElement(
    actor: Actor,
    owned: OwnedItem<AdminElement>,
    body: UpdateElementRequest,
  ): Promise<AdminElement> {
    if (!hasChanges(body)) throw badRequest(ADMIN_MESSAGES.nothingToChange);
    const { expectedVersion } = body;
    const { elementid } = owned.item;
    return this.write(actor, owned.devid, async (tx) => {
      const current = atVersion(
        (await tx.adminContent.findElement(elementid))?.item,
        expectedVersion,
      );
      const type: ItemType = body.type ?? current.type;
      const value = checkItemValue(body.value ?? current.value, type);
      const updated = await tx.adminContent.updateElement(elementid, expectedVersion, {
        value: body.value !== undefined || body.type !== undefined ? value : undefined,
        type: body.type,
        addingdate: body.addingdate ? normalizeDate(body.addingdate) : undefined,
      });
      if (!updated) throw lost((await tx.adminContent.findElement(elementid))?.item);
      return [
        updated,
        {
          action: 'element.update',
          targetType: 'element',
          targetId: elementid,
          summary: changes(current, updated, ['value', 'type', 'addingdate']),
        },
      ];
    });
  }

  /** Deletes the element (with its sub-elements and sub-groups); the zone's orders close up. */
  async deleteElement(
    actor: Actor,
    owned: OwnedItem<AdminElement>,
    expectedVersion: number,
  ): Promise<void> {
    const { elementid, zoneid } = owned.item;
    await this.write(actor, owned.devid, async (tx) => {
      const current = atVersion(
        (await tx.adminContent.findElement(elementid))?.item,
        expectedVersion,
      );
      if (!(await tx.adminContent.deleteElement(elementid, expectedVersion))) {
        throw lost((await tx.adminContent.findElement(elementid))?.item);
      }
      await tx.adminContent.renumberElements(zoneid);
      return [
        undefined,
        {
          action: 'element.delete',
          targetType: 'element',
          targetId: elementid,
          summary: {
            deleted: {
              zoneid,
              order: current.order,
              type: current.type,
              value: brief(current.value),
            },
          },
        },
      ];
    });
  }

  /** Puts the zone's elements in the order of `ids` (all of them), numbered from 1. */
  async reorderElements(
    actor: Actor,
    zone: AdminZone,
    ids: readonly number[],
  ): Promise<AdminElement[]> {
    return this.write(actor, zone.devid, async (tx) => {
      const current = await tx.adminContent.listElements(zone.zoneid);
      if (
        !sameMembers(
          ids,
          current.map((element) => element.elementid),
        )
      ) {
        throw new ConflictError(current, ADMIN_MESSAGES.listChanged);
      }
      const reordered = await tx.adminContent.renumberElements(zone.zoneid, ids);
      return [
        reordered,
        { action: 'elements.reorder', targetType: 'zone', targetId: zone.zoneid, summary: { ids } },
      ];
    });
  }

  // ---------- plain sub-elements ----------

  private plain(owned: OwnedItem<AdminSubelement>): void {
    if (owned.item.subgroupinfo) {
      throw badRequest(
        'Ce sous-élément est une valeur d’un sous-groupe : modifiez-le depuis le sous-groupe.',
      );
    }
  }

  async createSubelement(
    actor: Actor,
    element: OwnedItem<AdminElement>,
    body: CreateSubelementRequest,
  ): Promise<AdminSubelement> {
    const value = checkItemValue(body.value, body.type);
    const { elementid } = element.item;
    return this.write(actor, element.devid, async (tx) => {
      const inserted = await tx.adminContent.insertSubelement({
        elementid,
        value,
        type: body.type,
      });
      await tx.adminContent.normalizeSubelementOrders(elementid);
      const created = (await tx.adminContent.findSubelement(inserted.subelementid))!.item;
      return [
        created,
        {
          action: 'subelement.create',
          targetType: 'subelement',
          targetId: created.subelementid,
          summary: {
            after: { elementid, order: created.order, type: created.type, value: brief(value) },
          },
        },
      ];
    });
  }

  async updateSubelement(
    actor: Actor,
    owned: OwnedItem<AdminSubelement>,
    body: UpdateSubelementRequest,
  ): Promise<AdminSubelement> {
    this.plain(owned);
    if (!hasChanges(body)) throw badRequest(ADMIN_MESSAGES.nothingToChange);
    const { expectedVersion } = body;
    const { subelementid } = owned.item;
    return this.write(actor, owned.devid, async (tx) => {
      const current = atVersion(
        (await tx.adminContent.findSubelement(subelementid))?.item,
        expectedVersion,
      );
      const type: ItemType = body.type ?? current.type;
      const value = checkItemValue(body.value ?? current.value, type);
      const updated = await tx.adminContent.updateSubelement(subelementid, expectedVersion, {
        value,
        type: body.type,
      });
      if (!updated) throw lost((await tx.adminContent.findSubelement(subelementid))?.item);
      return [
        updated,
        {
          action: 'subelement.update',
          targetType: 'subelement',
          targetId: subelementid,
          summary: changes(current, updated, ['value', 'type']),
        },
      ];
    });
  }

  async deleteSubelement(
    actor: Actor,
    owned: OwnedItem<AdminSubelement>,
    expectedVersion: number,
  ): Promise<void> {
    this.plain(owned);
    const { subelementid, elementid } = owned.item;
    await this.write(actor, owned.devid, async (tx) => {
      const current = atVersion(
        (await tx.adminContent.findSubelement(subelementid))?.item,
        expectedVersion,
      );
      if (!(await tx.adminContent.deleteSubelement(subelementid, expectedVersion))) {
        throw lost((await tx.adminContent.findSubelement(subelementid))?.item);
      }
      await tx.adminContent.normalizeSubelementOrders(elementid);
      return [
        undefined,
        {
          action: 'subelement.delete',
          targetType: 'subelement',
          targetId: subelementid,
          summary: {
            deleted: {
              elementid,
              order: current.order,
              type: current.type,
              value: brief(current.value),
            },
          },
        },
      ];
    });
  }

  async reorderSubelements(
    actor: Actor,
    element: OwnedItem<AdminElement>,
    ids: readonly number[],
  ): Promise<AdminSubelement[]> {
    const { elementid } = element.item;
    return this.write(actor, element.devid, async (tx) => {
      const current = await tx.adminContent.listPlainSubelements(elementid);
      if (
        !sameMembers(
          ids,
          current.map((item) => item.subelementid),
        )
      ) {
        throw new ConflictError(current, ADMIN_MESSAGES.listChanged);
      }
      await tx.adminContent.normalizeSubelementOrders(elementid, ids);
      return [
        await tx.adminContent.listPlainSubelements(elementid),
        {
          action: 'subelements.reorder',
          targetType: 'element',
          targetId: elementid,
          summary: { ids },
        },
      ];
    });
  }

  // ---------- sub-groups ----------

  /** The values to store for each given field, checked against the model. */
  private checkFields(
    model: { label: string; fields: readonly string[] },
    fields: SubgroupFieldValues | undefined,
  ): Map<string, FieldValue[]> {
    const checked = new Map<string, FieldValue[]>();
    for (const [label, values] of Object.entries(fields ?? {})) {
      if (!model.fields.includes(label)) {
        throw badRequest(
          `« ${label} » n’est pas un champ du modèle « ${model.label} » (champs : ${model.fields.join(', ')}).`,
        );
      }
      checked.set(
        label,
        values.map((item) => ({
          type: item.type,
          value: checkItemValue(item.value, item.type, `Une valeur du champ « ${label} »`),
        })),
      );
    }
    return checked;
  }

  private checkDates(addingdate: string, expirationdate: string | null): void {
    if (expirationdate !== null && expirationdate <= addingdate) {
      throw badRequest('La date d’expiration doit être postérieure à la date d’ajout.');
    }
  }

  async createSubgroup(
    actor: Actor,
    element: OwnedItem<AdminElement>,
    body: CreateSubgroupRequest,
  ): Promise<AdminSubgroup> {
    const { elementid } = element.item;
    const now = this.ctx.now();
    const addingdate = body.addingdate ? normalizeDate(body.addingdate) : now.toISOString();
    const expirationdate = body.expirationdate ? normalizeDate(body.expirationdate) : null;
    this.checkDates(addingdate, expirationdate);
    return this.write(actor, element.devid, async (tx) => {
      const model = await tx.content.findContentModel(body.model);
      if (!model) {
        const labels = (await tx.content.listContentModels()).map((item) => item.label);
        throw badRequest(
          `Modèle de contenu inconnu : « ${body.model} » (modèles : ${labels.join(', ')}).`,
        );
      }
      const fields = this.checkFields(model, body.fields);
      const subgroupid = await tx.adminContent.insertSubgroup({
        elementid,
        modelid: model.modelid,
        addingdate,
        expirationdate,
      });
      for (const label of model.fields) {
        for (const value of fields.get(label) ?? []) {
          await tx.adminContent.insertSubelement({
            elementid,
            subgroupid,
            fieldlabel: label,
            ...value,
          });
        }
      }
      await tx.adminContent.normalizeSubelementOrders(elementid);
      const created = (await tx.adminContent.findSubgroup(subgroupid, now))!.item;
      return [
        created,
        {
          action: 'subgroup.create',
          targetType: 'subgroup',
          targetId: subgroupid,
          summary: {
            after: {
              elementid,
              label: model.label,
              order: created.order,
              addingdate,
              expirationdate,
              fields: fieldValues(created, [...fields.keys()]),
            },
          },
        },
      ];
    });
  }

  async updateSubgroup(
    actor: Actor,
    owned: OwnedItem<AdminSubgroup>,
    body: UpdateSubgroupRequest,
  ): Promise<AdminSubgroup> {
    if (!hasChanges(body)) throw badRequest(ADMIN_MESSAGES.nothingToChange);
    const { expectedVersion } = body;
    const { subgroupid, elementid } = owned.item;
    const now = this.ctx.now();
    return this.write(actor, owned.devid, async (tx) => {
      const current = atVersion(
        (await tx.adminContent.findSubgroup(subgroupid, now))?.item,
        expectedVersion,
      );
      const model = (await tx.content.findContentModel(current.label)) ?? {
        label: current.label,
        fields: Object.keys(current.fields),
      };
      const fields = this.checkFields(model, body.fields);
      const addingdate = body.addingdate ? normalizeDate(body.addingdate) : current.addingdate;
      const expirationdate =
        body.expirationdate === undefined
          ? current.expirationdate
          : body.expirationdate && normalizeDate(body.expirationdate);
      this.checkDates(addingdate, expirationdate);
      const updated = await tx.adminContent.updateSubgroup(subgroupid, expectedVersion, {
        addingdate: body.addingdate ? addingdate : undefined,
        expirationdate: body.expirationdate === undefined ? undefined : expirationdate,
      });
      if (!updated) throw lost((await tx.adminContent.findSubgroup(subgroupid, now))?.item);
      for (const [label, values] of fields) {
        await tx.adminContent.replaceFieldValues(elementid, subgroupid, label, values);
      }
      if (fields.size > 0) await tx.adminContent.normalizeSubelementOrders(elementid);
      const after = (await tx.adminContent.findSubgroup(subgroupid, now))!.item;
      const dates = changes(current, after, ['addingdate', 'expirationdate']);
      const labels = [...fields.keys()];
      return [
        after,
        {
          action: 'subgroup.update',
          targetType: 'subgroup',
          targetId: subgroupid,
          summary: {
            before: {
              ...dates.before,
              ...(labels.length ? { fields: fieldValues(current, labels) } : {}),
            },
            after: {
              ...dates.after,
              ...(labels.length ? { fields: fieldValues(after, labels) } : {}),
            },
          },
        },
      ];
    });
  }

  /** Deletes the sub-group with its values; the element's sub-element orders close up. */
  async deleteSubgroup(
    actor: Actor,
    owned: OwnedItem<AdminSubgroup>,
    expectedVersion: number,
  ): Promise<void> {
    const { subgroupid, elementid } = owned.item;
    const now = this.ctx.now();
    await this.write(actor, owned.devid, async (tx) => {
      const current = atVersion(
        (await tx.adminContent.findSubgroup(subgroupid, now))?.item,
        expectedVersion,
      );
      if (!(await tx.adminContent.deleteSubgroup(subgroupid, expectedVersion))) {
        throw lost((await tx.adminContent.findSubgroup(subgroupid, now))?.item);
      }
      await tx.adminContent.normalizeSubelementOrders(elementid);
      return [
        undefined,
        {
          action: 'subgroup.delete',
          targetType: 'subgroup',
          targetId: subgroupid,
          summary: {
            deleted: {
              elementid,
              label: current.label,
              order: current.order,
              fields: fieldValues(current, Object.keys(current.fields)),
            },
          },
        },
      ];
    });
  }

  async reorderSubgroups(
    actor: Actor,
    element: OwnedItem<AdminElement>,
    ids: readonly number[],
  ): Promise<AdminSubgroup[]> {
    const { elementid } = element.item;
    const now = this.ctx.now();
    return this.write(actor, element.devid, async (tx) => {
      if (!sameMembers(ids, await tx.adminContent.subgroupIds(elementid))) {
        throw new ConflictError(
          await tx.adminContent.listSubgroups(elementid, now),
          ADMIN_MESSAGES.listChanged,
        );
      }
      await tx.adminContent.setSubgroupOrders(elementid, ids);
      await tx.adminContent.normalizeSubelementOrders(elementid);
      return [
        await tx.adminContent.listSubgroups(elementid, now),
        {
          action: 'subgroups.reorder',
          targetType: 'element',
          targetId: elementid,
          summary: { ids },
        },
      ];
    });
  }
}
