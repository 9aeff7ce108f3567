/**
 * The typed client of the route table (decision 031): paths filled from the table, arguments and
 * answers typed from the schemas. The `@ts-expect-error` lines are the type test: `npm run
 * typecheck` fails if any of them compiles, i.e. if a wrong body, a missing path parameter or a
 * call of a route that is not JSON stopped being refused.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AdminUser, AdminZone, CreateZoneRequest } from './admin.js';
import {
  createRouteClient,
  pathOf,
  queryString,
  type CallArgs,
  type ParamsOf,
  type RouteRequest,
} from './route-client.js';

const zone: AdminZone = {
  zoneid: 3,
  zonename: 'HSE',
  devid: 1,
  type: 'images',
  checkList: false,
  version: 2,
};

/** A client whose transport records each request and answers `data`. */
function recording(data: unknown = null) {
  const requests: RouteRequest[] = [];
  const client = createRouteClient<{ signal?: AbortSignal }>(async (request) => {
    requests.push(request);
    return { data, message: 'Zone créée.' };
  });
  return { client, requests };
}

describe('pathOf', () => {
  it('fills the path of the named route', () => {
    expect(pathOf('adminUsers')).toBe('/api/admin/users');
    expect(pathOf('adminCreateZone', { params: { devid: 7 } })).toBe(
      '/api/admin/developments/7/zones',
    );
    expect(pathOf('adminAccountPassword', { params: { devid: 1, accountid: 2 } })).toBe(
      '/api/admin/developments/1/accounts/2/password',
    );
    expect(
      pathOf('adminDeleteZone', { params: { zoneid: 4 }, query: { expectedVersion: 3 } }),
    ).toBe('/api/admin/zones/4?expectedVersion=3');
    expect(pathOf('adminRevisions', { params: { devid: 1 }, query: { limit: 20 } })).toBe(
      '/api/admin/developments/1/revisions?limit=20',
    );
    expect(pathOf('adminAudit', { query: {} })).toBe('/api/admin/audit');
  });

  it('encodes parameters and repeats an array’s key in the query', () => {
    expect(pathOf('zone', { params: { devid: 1, zonename: 'Menu & café' } })).toBe(
      '/display/zone/1/Menu%20%26%20caf%C3%A9',
    );
    expect(
      pathOf('populatedSubgroups', {
        params: { elementid: 5, modelLabel: 'menu' },
        query: { fields: ['titre', 'prix'] },
      }),
    ).toBe('/display/subgroups/5/populated/menu?fields=titre&fields=prix');
    expect(queryString({ a: undefined, b: 0, c: false })).toBe('?b=0&c=false');
    expect(queryString(undefined)).toBe('');
  });

  it('refuses a missing parameter at run time too (a client bug, never sent)', () => {
    const loose = pathOf as (name: string, args?: object) => string;
    expect(() => loose('adminZones', { params: {} })).toThrow(/missing path parameter "devid"/);
  });
});

describe('createRouteClient', () => {
  it('hands the transport the route’s method, filled path and body, and answers the data', async () => {
    const { client, requests } = recording(zone);
    const body: CreateZoneRequest = { zonename: 'HSE', type: 'images', checkList: false };
    const created = await client.call('adminCreateZone', { params: { devid: 1 }, body });
    expect(created).toEqual(zone);
    expect(requests).toEqual([
      { name: 'adminCreateZone', method: 'POST', path: '/api/admin/developments/1/zones', body },
    ]);
    const answer = await client.callWithMessage('adminCreateZone', { params: { devid: 1 }, body });
    expect(answer).toEqual({ data: zone, message: 'Zone créée.' });
  });

  it('sends no body when the call has none, and passes the options on', async () => {
    const seen: unknown[] = [];
    const client = createRouteClient<{ signal?: AbortSignal }>(async (request, options) => {
      seen.push(request.body, options);
      return { data: [], message: '' };
    });
    const controller = new AbortController();
    await client.call('adminUsers', {}, { signal: controller.signal });
    expect(seen).toEqual([undefined, { signal: controller.signal }]);
  });

  it('types arguments and answers from the route’s schemas', () => {
    const { client } = recording();
    expectTypeOf(client.call<'adminUsers'>).returns.resolves.toEqualTypeOf<AdminUser[]>();
    expectTypeOf(client.call<'adminCreateZone'>).returns.resolves.toEqualTypeOf<AdminZone>();
    expectTypeOf(client.callWithMessage<'adminZone'>).returns.resolves.toEqualTypeOf<{
      data: AdminZone;
      message: string;
    }>();
    expectTypeOf<ParamsOf<'adminAccountPassword'>>().toEqualTypeOf<{
      devid: number;
      accountid: number;
    }>();
    expectTypeOf<CallArgs<'adminCreateZone'>['body']>().toEqualTypeOf<CreateZoneRequest>();

    // Never run: each line below must fail to compile.
    const refused = () => {
      const body: CreateZoneRequest = { zonename: 'HSE', type: 'images', checkList: false };
      // @ts-expect-error a path parameter is missing (no params)
      void client.call('adminCreateZone', { body });
      // @ts-expect-error a path parameter is missing (devid)
      void client.call('adminCreateZone', { params: {}, body });
      // @ts-expect-error a path parameter of the wrong type
      void client.call('adminCreateZone', { params: { devid: '1' }, body });
      // @ts-expect-error the arguments are missing altogether
      void client.call('adminCreateZone');
      // @ts-expect-error a wrong body: a field of another request
      void client.call('adminCreateZone', { params: { devid: 1 }, body: { devname: 'x' } });
      // @ts-expect-error a wrong body: a field of the wrong type
      void client.call('adminCreateZone', { params: { devid: 1 }, body: { ...body, type: 3 } });
      // @ts-expect-error the body is missing
      void client.call('adminCreateZone', { params: { devid: 1 } });
      // @ts-expect-error a body for a route that takes none
      void client.call('adminZones', { params: { devid: 1 }, body: {} });
      // @ts-expect-error parameters for a route whose path has none
      void client.call('adminUsers', { params: { devid: 1 } });
      // @ts-expect-error a required query is missing (the version a delete is made from)
      void client.call('adminDeleteZone', { params: { zoneid: 1 } });
      // @ts-expect-error not a JSON route (server-sent events)
      void client.call('adminFleetStream');
      // @ts-expect-error not a route of the table
      void client.call('adminNothing');
      // @ts-expect-error pathOf refuses a missing parameter as well
      void pathOf('adminZones');
    };
    expect(refused).toBeTypeOf('function');
  });
});
