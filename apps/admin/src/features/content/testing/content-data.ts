/** Content items for the content feature's tests. */
import type { AdminElement, AdminZone } from '@plant-kiosk/contract';

export const ZONE: AdminZone = {
  zoneid: 7,
  zonename: 'Menu',
  devid: 1,
  type: 'text',
  checkList: false,
  version: 1,
};

export const element = (id: number, value: string, version = 1): AdminElement => ({
  elementid: id,
  zoneid: ZONE.zoneid,
  order: id,
  value,
  type: 'text',
  addingdate: '2026-11-01T08:00:00.000Z',
  version,
});
