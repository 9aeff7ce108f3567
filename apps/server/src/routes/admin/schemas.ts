/** Path parameters of the admin routes and the envelope of their answers, from the contract. */
import { Envelope, Id } from '@plant-kiosk/contract';
import { Type, type TSchema } from '@sinclair/typebox';

const params = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((name) => [name, Id])) as { [P in K]: typeof Id }, {
    additionalProperties: false,
  });

export const DevidParams = params('devid');
export const AccountParams = params('devid', 'accountid');
export const UseridParams = params('userid');
export const ZoneidParams = params('zoneid');
export const ElementidParams = params('elementid');
export const SubelementidParams = params('subelementid');
export const SubgroupidParams = params('subgroupid');

/** Response schemas: the envelope around `data`, for the given success status. */
export const answers = <T extends TSchema>(data: T, status: 200 | 201 = 200) => ({
  [status]: Envelope(data),
});

/** `data: null` answers (logout). */
export const emptyAnswer = { 200: Envelope(Type.Null()) };
