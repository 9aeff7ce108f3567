/**
 * Typed calls of the admin API (packages/contract/src/admin.ts). Screens use these rather than
 * raw paths, so a contract change shows up here as a type error.
 */
import {
  adminPaths,
  type AdminDevelopment,
  type AdminElement,
  type AdminSubelement,
  type AdminSubgroup,
  type AdminUser,
  type AdminZone,
  type AuditEntry,
  type AuditQuery,
  type ContentModel,
  type CreateAdminUserRequest,
  type CreateElementRequest,
  type CreateKioskAccountRequest,
  type CreateSubelementRequest,
  type CreateSubgroupRequest,
  type CreateZoneRequest,
  type DeletedResponse,
  type KioskAccount,
  type PublishResponse,
  type RevokeTokensResponse,
  type UpdateAdminUserRequest,
  type UpdateElementRequest,
  type UpdateSubelementRequest,
  type UpdateSubgroupRequest,
  type UpdateZoneRequest,
} from '@plant-kiosk/contract';
import { api } from './client';

type Id = number;

export const adminApi = {
  developments: () => api.get<AdminDevelopment[]>(adminPaths.developments()),
  createDevelopment: (devname: string) =>
    api.post<AdminDevelopment>(adminPaths.developments(), { devname }),
  accounts: (devid: Id) => api.get<KioskAccount[]>(adminPaths.accounts(devid)),
  createAccount: (devid: Id, body: CreateKioskAccountRequest) =>
    api.post<KioskAccount>(adminPaths.accounts(devid), body),
  resetAccountPassword: (devid: Id, accountid: Id, password: string) =>
    api.put<KioskAccount>(adminPaths.accountPassword(devid, accountid), { password }),
  revokeTokens: (devid: Id) => api.post<RevokeTokensResponse>(adminPaths.revokeTokens(devid)),
  users: () => api.get<AdminUser[]>(adminPaths.users()),
  createUser: (body: CreateAdminUserRequest) => api.post<AdminUser>(adminPaths.users(), body),
  updateUser: (userid: Id, body: UpdateAdminUserRequest) =>
    api.patch<AdminUser>(adminPaths.user(userid), body),

  contentModels: () => api.get<ContentModel[]>(adminPaths.contentModels()),
  zones: (devid: Id) => api.get<AdminZone[]>(adminPaths.zones(devid)),
  zone: (zoneid: Id) => api.get<AdminZone>(adminPaths.zone(zoneid)),
  createZone: (devid: Id, body: CreateZoneRequest) =>
    api.post<AdminZone>(adminPaths.zones(devid), body),
  updateZone: (zoneid: Id, body: UpdateZoneRequest) =>
    api.patch<AdminZone>(adminPaths.zone(zoneid), body),
  deleteZone: (zoneid: Id, version: number) =>
    api.delete<DeletedResponse>(adminPaths.zone(zoneid, version)),

  elements: (zoneid: Id) => api.get<AdminElement[]>(adminPaths.elements(zoneid)),
  element: (elementid: Id) => api.get<AdminElement>(adminPaths.element(elementid)),
  createElement: (zoneid: Id, body: CreateElementRequest) =>
    api.post<AdminElement>(adminPaths.elements(zoneid), body),
  updateElement: (elementid: Id, body: UpdateElementRequest) =>
    api.patch<AdminElement>(adminPaths.element(elementid), body),
  deleteElement: (elementid: Id, version: number) =>
    api.delete<DeletedResponse>(adminPaths.element(elementid, version)),
  reorderElements: (zoneid: Id, ids: Id[]) =>
    api.put<AdminElement[]>(adminPaths.elementsOrder(zoneid), { ids }),

  subelements: (elementid: Id) => api.get<AdminSubelement[]>(adminPaths.subelements(elementid)),
  createSubelement: (elementid: Id, body: CreateSubelementRequest) =>
    api.post<AdminSubelement>(adminPaths.subelements(elementid), body),
  updateSubelement: (subelementid: Id, body: UpdateSubelementRequest) =>
    api.patch<AdminSubelement>(adminPaths.subelement(subelementid), body),
  deleteSubelement: (subelementid: Id, version: number) =>
    api.delete<DeletedResponse>(adminPaths.subelement(subelementid, version)),
  reorderSubelements: (elementid: Id, ids: Id[]) =>
    api.put<AdminSubelement[]>(adminPaths.subelementsOrder(elementid), { ids }),

  subgroups: (elementid: Id) => api.get<AdminSubgroup[]>(adminPaths.subgroups(elementid)),
  createSubgroup: (elementid: Id, body: CreateSubgroupRequest) =>
    api.post<AdminSubgroup>(adminPaths.subgroups(elementid), body),
  updateSubgroup: (subgroupid: Id, body: UpdateSubgroupRequest) =>
    api.patch<AdminSubgroup>(adminPaths.subgroup(subgroupid), body),
  deleteSubgroup: (subgroupid: Id, version: number) =>
    api.delete<DeletedResponse>(adminPaths.subgroup(subgroupid, version)),
  reorderSubgroups: (elementid: Id, ids: Id[]) =>
    api.put<AdminSubgroup[]>(adminPaths.subgroupsOrder(elementid), { ids }),

  publish: (devid: Id) => api.post<PublishResponse>(adminPaths.publish(devid), { type: 'sync' }),
  audit: (query: AuditQuery) => api.get<AuditEntry[]>(adminPaths.audit(query)),
};

/** URL of a media value as the admin page must load it: values are relative to the server root. */
export function mediaUrl(value: string): string {
  if (/^(https?:|data:|blob:)/.test(value)) return value;
  return `/${value.replace(/^\.?\//, '')}`;
}
