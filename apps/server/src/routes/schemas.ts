/**
 * Request schemas of the routes, built from the contract's TypeBox schemas so that what the server
 * accepts is what the clients are typed against.
 */
import {
  BatchQuery,
  FieldsQuery,
  Id,
  KioskId,
  LoginRequest,
  PublishRequest,
} from '@plant-kiosk/contract';
import { Type, type Static } from '@sinclair/typebox';

const idParams = <K extends string>(name: K) =>
  Type.Object({ [name]: Id } as { [P in K]: typeof Id }, { additionalProperties: false });

export const DevidParams = idParams('devid');
export const ZoneidParams = idParams('zoneid');
export const ElementidParams = idParams('elementid');
export const SubgroupidParams = idParams('subgroupid');

export const ZoneNameParams = Type.Object({
  devid: Id,
  zonename: Type.String({ minLength: 1, maxLength: 120 }),
});
export type ZoneNameParams = Static<typeof ZoneNameParams>;

export const PopulatedParams = Type.Object({
  elementid: Id,
  modelLabel: Type.String({ minLength: 1, maxLength: 60 }),
});
export type PopulatedParams = Static<typeof PopulatedParams>;

export const FieldParams = Type.Object({
  subgroupid: Id,
  fieldlabel: Type.String({ minLength: 1, maxLength: 60 }),
});
export type FieldParams = Static<typeof FieldParams>;

/**
 * The kiosk's identity for the fleet (contract KioskStreamIdentity) is checked leniently: a stream
 * must never fail over a malformed report, so the fleet ignores values it does not accept.
 */
export const StreamQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 4096 })),
  kioskId: Type.Optional(KioskId),
  mode: Type.Optional(Type.String({ maxLength: 20 })),
  totem: Type.Optional(Type.String({ maxLength: 20 })),
  appVersion: Type.Optional(Type.String({ maxLength: 100 })),
  contentVersion: Type.Optional(Type.String({ maxLength: 12 })),
});
export type StreamQuery = Static<typeof StreamQuery>;

export { BatchQuery, FieldsQuery, LoginRequest, PublishRequest };
