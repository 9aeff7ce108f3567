/**
 * Typed calls of the admin API (packages/contract/src/admin.ts). Screens use these rather than
 * raw paths, so a contract change shows up here as a type error. Each call names its route of the
 * contract's table, whose response schema types the answer (client.ts).
 *
 * Giving way to `call(name, { params, query, body })` (client.ts, decision 031): a screen moved to
 * it loses its wrappers here.
 */
import {
  adminPaths,
  type CreateElementRequest,
  type CreateSubelementRequest,
  type CreateSubgroupRequest,
  type CreateZoneRequest,
  type UpdateElementRequest,
  type UpdateSubelementRequest,
  type UpdateSubgroupRequest,
  type UpdateZoneRequest,
} from '@plant-kiosk/contract';
import { notifyDraftChanged } from '../draft-events';
import { api } from './client';

type Id = number;

/** A content write: once saved, the draft differs (the header's "non publiées" count follows). */
const edited = async <T>(write: Promise<T>): Promise<T> => {
  const result = await write;
  notifyDraftChanged();
  return result;
};

export const adminApi = {
  contentModels: () => api.read('adminContentModels', adminPaths.contentModels()),
  zones: (devid: Id) => api.read('adminZones', adminPaths.zones(devid)),
  zone: (zoneid: Id) => api.read('adminZone', adminPaths.zone(zoneid)),
  createZone: (devid: Id, body: CreateZoneRequest) =>
    edited(api.call('adminCreateZone', adminPaths.zones(devid), body)),
  updateZone: (zoneid: Id, body: UpdateZoneRequest) =>
    edited(api.call('adminUpdateZone', adminPaths.zone(zoneid), body)),
  deleteZone: (zoneid: Id, version: number) =>
    edited(api.call('adminDeleteZone', adminPaths.zone(zoneid, version))),

  elements: (zoneid: Id) => api.read('adminElements', adminPaths.elements(zoneid)),
  element: (elementid: Id) => api.read('adminElement', adminPaths.element(elementid)),
  createElement: (zoneid: Id, body: CreateElementRequest) =>
    edited(api.call('adminCreateElement', adminPaths.elements(zoneid), body)),
  updateElement: (elementid: Id, body: UpdateElementRequest) =>
    edited(api.call('adminUpdateElement', adminPaths.element(elementid), body)),
  deleteElement: (elementid: Id, version: number) =>
    edited(api.call('adminDeleteElement', adminPaths.element(elementid, version))),
  reorderElements: (zoneid: Id, ids: Id[]) =>
    edited(api.call('adminReorderElements', adminPaths.elementsOrder(zoneid), { ids })),

  subelements: (elementid: Id) => api.read('adminSubelements', adminPaths.subelements(elementid)),
  createSubelement: (elementid: Id, body: CreateSubelementRequest) =>
    edited(api.call('adminCreateSubelement', adminPaths.subelements(elementid), body)),
  updateSubelement: (subelementid: Id, body: UpdateSubelementRequest) =>
    edited(api.call('adminUpdateSubelement', adminPaths.subelement(subelementid), body)),
  deleteSubelement: (subelementid: Id, version: number) =>
    edited(api.call('adminDeleteSubelement', adminPaths.subelement(subelementid, version))),
  reorderSubelements: (elementid: Id, ids: Id[]) =>
    edited(api.call('adminReorderSubelements', adminPaths.subelementsOrder(elementid), { ids })),

  subgroups: (elementid: Id) => api.read('adminSubgroups', adminPaths.subgroups(elementid)),
  createSubgroup: (elementid: Id, body: CreateSubgroupRequest) =>
    edited(api.call('adminCreateSubgroup', adminPaths.subgroups(elementid), body)),
  updateSubgroup: (subgroupid: Id, body: UpdateSubgroupRequest) =>
    edited(api.call('adminUpdateSubgroup', adminPaths.subgroup(subgroupid), body)),
  deleteSubgroup: (subgroupid: Id, version: number) =>
    edited(api.call('adminDeleteSubgroup', adminPaths.subgroup(subgroupid, version))),
  reorderSubgroups: (elementid: Id, ids: Id[]) =>
    edited(api.call('adminReorderSubgroups', adminPaths.subgroupsOrder(elementid), { ids })),

  /** The draft's changes (the content page's missing translations). */
  draftChanges: (devid: Id) => api.read('adminDraftChanges', adminPaths.draftChanges(devid)),
};

/** URL of a media value as the admin page must load it: values are relative to the server root. */
export function mediaUrl(value: string): string {
  if (/^(https?:|data:|blob:)/.test(value)) return value;
  return `/${value.replace(/^\.?\//, '')}`;
}
