/**
 * What differs between the kinds of content the back-office edits — zones, elements, plain
 * sub-elements, sub-groups — and nothing else: how each is found, checked, written and described
 * in the audit log. The ContentEditor (content-editor.ts) runs every kind through the same
 * transaction, version check and audit entry; a kind only says what is its own.
 *
 * Each `create`/`update`/`remove` runs inside the editor's transaction, after the development's
 * row lock: a check that throws here rolls everything back, exactly like a refused write.
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
import type { Owned } from './content-rows.js';
import type { Repositories } from '../db/repositories/index.js';
import { badRequest } from '../lib/envelope.js';
import { conflict } from '../lib/admin/errors.js';
import { brief, changes } from '../audit/index.js';
import { altTextChange, checkAltText, checkItemValue, normalizeDate } from './values.js';

/** Where an item (or a parent) lives: its development and its id. */
export interface Place {
  devid: number;
  id: number;
}

export interface ContentKind<Item, Owned, Parent, CreateBody, UpdateBody> {
  /** The audit target type; actions are `<name>.create`, `.update`, `.delete`. */
  name: 'zone' | 'element' | 'subelement' | 'subgroup';
  place(owned: Owned): Place;
  parentPlace(parent: Parent): Place;
  find(tx: Repositories, id: number, now: Date): Promise<Item | undefined>;
  /** Refuses, before anything else, an edit that does not go through this kind. */
  guard?(owned: Owned): void;
  /** The error to report when the write ran into a unique constraint (a name taken meanwhile). */
  uniqueViolation?(body: CreateBody | UpdateBody): Error | undefined;
  /** Inserts; the item created, its id and the audit's `after`. */
  create(
    tx: Repositories,
    parent: Place,
    body: CreateBody,
    now: Date,
  ): Promise<{ item: Item; id: number; after: unknown }>;
  /** Updates at `expectedVersion`; undefined when no row matched (changed or gone). */
  update(
    tx: Repositories,
    current: Item,
    id: number,
    body: UpdateBody & { expectedVersion: number },
    now: Date,
  ): Promise<{ item: Item; summary: unknown } | undefined>;
  /** Deletes at `expectedVersion` and closes the orders up; the audit's `deleted`, or undefined. */
  remove(tx: Repositories, current: Item, id: number, expectedVersion: number): Promise<unknown>;
}

/** How the children of a parent are put in a new order. */
export interface ContentOrder<Item, Parent> {
  action: string;
  targetType: 'zone' | 'element';
  parentPlace(parent: Parent): Place;
  /** The ids that a reorder must list, all of them. */
  members(tx: Repositories, parentId: number): Promise<number[]>;
  list(tx: Repositories, parentId: number, now: Date): Promise<Item[]>;
  /** Numbers the children from 1 in the order of `ids`; the list as it now is. */
  apply(tx: Repositories, parentId: number, ids: readonly number[], now: Date): Promise<Item[]>;
}

const owned = <T>(id: (item: T) => number) => ({
  place: (value: Owned<T>): Place => ({ devid: value.devid, id: id(value.item) }),
});
const ownedElement = (parent: Owned<AdminElement>): Place => ({
  devid: parent.devid,
  id: parent.item.elementid,
});

const FIELDS = {
  zone: ['zonename', 'type', 'checkList'],
  element: ['value', 'type', 'addingdate', 'alt'],
  subelement: ['value', 'type', 'alt'],
} as const;

const nameTaken = (zonename: string) =>
  conflict(`Une zone nommée « ${zonename} » existe déjà dans ce développement.`);

export const zones: ContentKind<
  AdminZone,
  AdminZone,
  number,
  CreateZoneRequest,
  UpdateZoneRequest
> = {
  name: 'zone',
  place: (zone) => ({ devid: zone.devid, id: zone.zoneid }),
  parentPlace: (devid) => ({ devid, id: devid }),
  find: (tx, id) => tx.draft.findZone(id),
  uniqueViolation: (body) => (body.zonename !== undefined ? nameTaken(body.zonename) : undefined),
  async create(tx, { devid }, body) {
    if (await tx.draft.zoneNameTaken(devid, body.zonename)) throw nameTaken(body.zonename);
    const zone = await tx.draft.insertZone({
      devid,
      zonename: body.zonename,
      type: body.type,
      checkList: body.checkList ?? false,
    });
    return { item: zone, id: zone.zoneid, after: zone };
  },
  async update(tx, current, id, { expectedVersion, ...wanted }) {
    if (
      wanted.zonename !== undefined &&
      (await tx.draft.zoneNameTaken(current.devid, wanted.zonename, id))
    ) {
      throw nameTaken(wanted.zonename);
    }
    const updated = await tx.draft.updateZone(id, expectedVersion, wanted);
    return updated && { item: updated, summary: changes(current, updated, FIELDS.zone) };
  },
  async remove(tx, current, id, expectedVersion) {
    const elements = (await tx.draft.listElements(id)).length;
    if (!(await tx.draft.deleteZone(id, expectedVersion))) return undefined;
    return { zonename: current.zonename, type: current.type, elements };
  },
};

/** The value to store: the new one, or the current one checked against a new type. */
const newValue = (
  body: { value?: string; type?: ItemType },
  current: { value: string; type: ItemType },
) => checkItemValue(body.value ?? current.value, body.type ?? current.type);

export const elements: ContentKind<
  AdminElement,
  Owned<AdminElement>,
  AdminZone,
  CreateElementRequest,
  UpdateElementRequest
> = {
  name: 'element',
  ...owned((element: AdminElement) => element.elementid),
  parentPlace: (zone) => ({ devid: zone.devid, id: zone.zoneid }),
  find: async (tx, id) => (await tx.draft.findElement(id))?.item,
  async create(tx, { id: zoneid }, body, now) {
    const value = checkItemValue(body.value, body.type);
    const alt = checkAltText(body.alt, body.type);
    const addingdate = body.addingdate ? normalizeDate(body.addingdate) : now.toISOString();
    const element = await tx.draft.insertElement({
      zoneid,
      value,
      type: body.type,
      addingdate,
      alt,
      ...(body.lang ? { lang: body.lang } : {}),
    });
    const { order, type, lang } = element;
    const after = {
      zoneid,
      order,
      type,
      value: brief(value),
      ...(lang ? { lang } : {}),
      ...(alt ? { alt: brief(alt) } : {}),
    };
    return { item: element, id: element.elementid, after };
  },
  async update(tx, current, id, body) {
    const value = newValue(body, current);
    const updated = await tx.draft.updateElement(id, body.expectedVersion, {
      value: body.value !== undefined || body.type !== undefined ? value : undefined,
      type: body.type,
      addingdate: body.addingdate ? normalizeDate(body.addingdate) : undefined,
      alt: altTextChange(body.alt, body.type ?? current.type, current.alt),
    });
    return updated && { item: updated, summary: changes(current, updated, FIELDS.element) };
  },
  async remove(tx, current, id, expectedVersion) {
    if (!(await tx.draft.deleteElement(id, expectedVersion))) return undefined;
    await tx.draft.renumberElements(current.zoneid);
    const { zoneid, order, type, value } = current;
    return { zoneid, order, type, value: brief(value) };
  },
};

export const subelements: ContentKind<
  AdminSubelement,
  Owned<AdminSubelement>,
  Owned<AdminElement>,
  CreateSubelementRequest,
  UpdateSubelementRequest
> = {
  name: 'subelement',
  ...owned((subelement: AdminSubelement) => subelement.subelementid),
  parentPlace: ownedElement,
  find: async (tx, id) => (await tx.draft.findSubelement(id))?.item,
  guard(value) {
    if (value.item.subgroupinfo) {
      throw badRequest(
        'Ce sous-élément est une valeur d’un sous-groupe : modifiez-le depuis le sous-groupe.',
      );
    }
  },
  async create(tx, { id: elementid }, body) {
    const value = checkItemValue(body.value, body.type);
    const alt = checkAltText(body.alt, body.type);
    const inserted = await tx.draft.insertSubelement({ elementid, value, type: body.type, alt });
    await tx.draft.normalizeSubelementOrders(elementid);
    const created = (await tx.draft.findSubelement(inserted.subelementid))!.item;
    const after = { elementid, order: created.order, type: created.type, value: brief(value) };
    return { item: created, id: created.subelementid, after };
  },
  async update(tx, current, id, body) {
    const value = newValue(body, current);
    const updated = await tx.draft.updateSubelement(id, body.expectedVersion, {
      value,
      type: body.type,
      alt: altTextChange(body.alt, body.type ?? current.type, current.alt),
    });
    return updated && { item: updated, summary: changes(current, updated, FIELDS.subelement) };
  },
  async remove(tx, current, id, expectedVersion) {
    if (!(await tx.draft.deleteSubelement(id, expectedVersion))) return undefined;
    await tx.draft.normalizeSubelementOrders(current.elementid);
    const { elementid, order, type, value } = current;
    return { elementid, order, type, value: brief(value) };
  },
};

// ---------- sub-groups: a model's fields, each with its values, and two dates ----------

/** The values to store for each given field, checked against the model. */
function checkFields(
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
    const what = `Une valeur du champ « ${label} »`;
    checked.set(
      label,
      values.map((item) => ({
        type: item.type,
        value: checkItemValue(item.value, item.type, what),
        alt: checkAltText(item.alt, item.type, what),
      })),
    );
  }
  return checked;
}

function checkDates(addingdate: string, expirationdate: string | null): void {
  if (expirationdate !== null && expirationdate <= addingdate) {
    throw badRequest('La date d’expiration doit être postérieure à la date d’ajout.');
  }
}

const fieldValues = (subgroup: AdminSubgroup, labels: readonly string[]) =>
  Object.fromEntries(
    labels.map((label) => [label, (subgroup.fields[label] ?? []).map((item) => brief(item.value))]),
  );

/** The fields given, as they are in `subgroup`, or nothing when none was given. */
const someFields = (subgroup: AdminSubgroup, labels: readonly string[]) =>
  labels.length ? { fields: fieldValues(subgroup, labels) } : {};

export const subgroups: ContentKind<
  AdminSubgroup,
  Owned<AdminSubgroup>,
  Owned<AdminElement>,
  CreateSubgroupRequest,
  UpdateSubgroupRequest
> = {
  name: 'subgroup',
  ...owned((subgroup: AdminSubgroup) => subgroup.subgroupid),
  parentPlace: ownedElement,
  find: async (tx, id, now) => (await tx.draft.findSubgroup(id, now))?.item,
  async create(tx, { id: elementid }, body, now) {
    const addingdate = body.addingdate ? normalizeDate(body.addingdate) : now.toISOString();
    const expirationdate = body.expirationdate ? normalizeDate(body.expirationdate) : null;
    checkDates(addingdate, expirationdate);
    const model = await tx.models.find(body.model);
    if (!model) {
      const labels = (await tx.models.list()).map((item) => item.label);
      throw badRequest(
        `Modèle de contenu inconnu : « ${body.model} » (modèles : ${labels.join(', ')}).`,
      );
    }
    const fields = checkFields(model, body.fields);
    const { modelid, label } = model;
    const subgroupid = await tx.draft.insertSubgroup({
      elementid,
      modelid,
      addingdate,
      expirationdate,
    });
    for (const fieldlabel of model.fields) {
      for (const value of fields.get(fieldlabel) ?? []) {
        await tx.draft.insertSubelement({ elementid, subgroupid, fieldlabel, ...value });
      }
    }
    await tx.draft.normalizeSubelementOrders(elementid);
    const created = (await tx.draft.findSubgroup(subgroupid, now))!.item;
    const { order } = created;
    const after = { elementid, label, order, addingdate, expirationdate };
    return {
      item: created,
      id: subgroupid,
      after: { ...after, fields: fieldValues(created, [...fields.keys()]) },
    };
  },
  async update(tx, current, id, body, now) {
    const model = (await tx.models.find(current.label)) ?? {
      label: current.label,
      fields: Object.keys(current.fields),
    };
    const fields = checkFields(model, body.fields);
    const addingdate = body.addingdate ? normalizeDate(body.addingdate) : current.addingdate;
    const expirationdate =
      body.expirationdate === undefined
        ? current.expirationdate
        : body.expirationdate && normalizeDate(body.expirationdate);
    checkDates(addingdate, expirationdate);
    const updated = await tx.draft.updateSubgroup(id, body.expectedVersion, {
      addingdate: body.addingdate ? addingdate : undefined,
      expirationdate: body.expirationdate === undefined ? undefined : expirationdate,
    });
    if (!updated) return undefined;
    const { elementid } = current;
    for (const [label, values] of fields) {
      await tx.draft.replaceFieldValues(elementid, id, label, values);
    }
    if (fields.size > 0) await tx.draft.normalizeSubelementOrders(elementid);
    const after = (await tx.draft.findSubgroup(id, now))!.item;
    const dates = changes(current, after, ['addingdate', 'expirationdate']);
    const labels = [...fields.keys()];
    const summary = {
      before: { ...dates.before, ...someFields(current, labels) },
      after: { ...dates.after, ...someFields(after, labels) },
    };
    return { item: after, summary };
  },
  async remove(tx, current, id, expectedVersion) {
    if (!(await tx.draft.deleteSubgroup(id, expectedVersion))) return undefined;
    await tx.draft.normalizeSubelementOrders(current.elementid);
    const { elementid, label, order } = current;
    return { elementid, label, order, fields: fieldValues(current, Object.keys(current.fields)) };
  },
};

// ---------- orders ----------

export const elementOrder: ContentOrder<AdminElement, AdminZone> = {
  action: 'elements.reorder',
  targetType: 'zone',
  parentPlace: (zone) => ({ devid: zone.devid, id: zone.zoneid }),
  members: async (tx, zoneid) =>
    (await tx.draft.listElements(zoneid)).map((element) => element.elementid),
  list: (tx, zoneid) => tx.draft.listElements(zoneid),
  apply: (tx, zoneid, ids) => tx.draft.renumberElements(zoneid, ids),
};

export const subelementOrder: ContentOrder<AdminSubelement, Owned<AdminElement>> = {
  action: 'subelements.reorder',
  targetType: 'element',
  parentPlace: ownedElement,
  members: async (tx, elementid) =>
    (await tx.draft.listPlainSubelements(elementid)).map((item) => item.subelementid),
  list: (tx, elementid) => tx.draft.listPlainSubelements(elementid),
  async apply(tx, elementid, ids) {
    await tx.draft.normalizeSubelementOrders(elementid, ids);
    return tx.draft.listPlainSubelements(elementid);
  },
};

export const subgroupOrder: ContentOrder<AdminSubgroup, Owned<AdminElement>> = {
  action: 'subgroups.reorder',
  targetType: 'element',
  parentPlace: ownedElement,
  members: (tx, elementid) => tx.draft.subgroupIds(elementid),
  list: (tx, elementid, now) => tx.draft.listSubgroups(elementid, now),
  async apply(tx, elementid, ids, now) {
    await tx.draft.setSubgroupOrders(elementid, ids);
    await tx.draft.normalizeSubelementOrders(elementid);
    return tx.draft.listSubgroups(elementid, now);
  },
};
