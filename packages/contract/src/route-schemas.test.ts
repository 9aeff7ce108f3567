import { Value } from '@sinclair/typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AdminZone } from './admin.js';
import type { Zone } from './entities.js';
import { ROUTE_SCHEMAS, type ResponseOf, type RouteSchema } from './route-schemas.js';
import { ROUTES } from './route-table.js';

const entries = Object.entries(ROUTE_SCHEMAS) as [string, RouteSchema][];

describe('the route schemas', () => {
  it('has an entry for every route of the table, and none for a route it lacks', () => {
    expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('describes the parameters each path names, no more and no fewer', () => {
    for (const [name, schema] of entries) {
      const path = ROUTES[name as keyof typeof ROUTES].path;
      const inPath = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
      const described = Object.keys(
        (schema.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      ).sort();
      expect(described, name).toEqual(inPath);
    }
  });

  it('gives JSON answers a response schema, and only them an example that fits it', () => {
    for (const [name, schema] of entries) {
      const answer = schema.answer ?? 'envelope';
      if (answer === 'envelope' || answer === 'json') expect(schema.response, name).toBeDefined();
      if (answer === 'event-stream') expect(schema.events, name).toBeDefined();
      if (schema.example !== undefined && schema.response) {
        expect(Value.Check(schema.response, schema.example), `${name} example`).toBe(true);
      }
    }
  });

  it('types a route’s answer from its schema', () => {
    expectTypeOf<ResponseOf<'zones'>>().toEqualTypeOf<Zone[]>();
    expectTypeOf<ResponseOf<'adminZone'>>().toEqualTypeOf<AdminZone>();
    expectTypeOf<ResponseOf<'ping'>>().toBeNever();
  });
});
