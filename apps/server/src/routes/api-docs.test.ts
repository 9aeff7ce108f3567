/**
 * Contract route table: the OpenAPI document generated from the contract's route table validates
 * against the OpenAPI 3.1 schema and names every route; the documentation page is served with a
 * policy that lets its own script and style run, and nothing else.
 */
import { createHash } from 'node:crypto';
import { ROUTE_SCHEMAS, ROUTES, type RouteName } from '@plant-kiosk/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../lib/openapi.js';
import { createFixture, type Fixture } from '../testing/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f.close();
});

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}

async function fetchDocument(): Promise<Document> {
  const response = await f.app.inject({ method: 'GET', url: ROUTES.openapi.path });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<Document>();
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(f.config.appVersion);
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route of the table once, with its summary, parameters and auth', async () => {
    const document = await fetchDocument();
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      Object.keys(ROUTES).sort(),
    );
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const route = ROUTES[name];
      const path = openApiPath(route.path);
      expect(path, name).not.toContain(':');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${path}`).toBe(name);
      expect(operation?.summary).toBe(route.summary);
      expect(operation?.tags).toHaveLength(1);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const described = (operation?.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      expect(described.sort(), name).toEqual(inPath.sort());
      expect(operation?.security === undefined, name).toBe(route.auth === 'none');
    }
  });

  it('describes the envelope, the auth schemes and examples', async () => {
    const document = await fetchDocument();
    const schemes = document.components.securitySchemes;
    expect(schemes.kioskToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'token' });
    expect(schemes.adminSession).toMatchObject({ in: 'cookie', name: 'admin_session' });
    expect(schemes.csrf).toMatchObject({ in: 'header', name: 'x-csrf-token' });
    expect(schemes.publishToken).toMatchObject({ type: 'http' });
    const zones = document.paths['/display/zones/{devid}']!.get!;
    expect(zones.tags).toEqual(['kiosk']);
    expect(zones.security).toEqual([{ kioskToken: [] }]);
    expect(zones.responses['200']!.content!['application/json']!.example).toEqual({
      data: ROUTE_SCHEMAS.zones.example,
      message: 'OK',
      error: null,
    });
    expect(zones.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
    const patch = document.paths['/api/admin/zones/{zoneid}']!.patch!;
    expect(patch.security).toEqual([{ adminSession: [], csrf: [] }]);
    expect(patch.tags).toEqual(['back-office']);
    expect(document.paths['/api/publish/{devid}']!.post!.tags).toEqual(['publish']);
    expect(document.paths['/api/admin/fleet']!.get!.tags).toEqual(['fleet']);
    expect(
      document.paths['/api/admin/developments/{devid}/kiosks/{kioskId}/plan-marks']!.put!.tags,
    ).toEqual(['fleet']);
    expect(document.paths['/api/admin/developments/{devid}/health-rules']!.put!.tags).toEqual([
      'fleet',
    ]);
    expect(
      document.paths['/api/admin/developments/{devid}/kiosks/{kioskId}/mute']!.post!.tags,
    ).toEqual(['fleet']);
    expect(document.paths['/api/admin/media/{mediaid}']!.delete!.tags).toEqual(['media']);
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained page whose policy allows exactly its own script and style', async () => {
    const response = await f.app.inject({ method: 'GET', url: ROUTES.docs.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    );
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual([hash(scripts[0]!)]);
    expect(directives['style-src']).toEqual([hash(styles[0]!)]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe|\*|https?:/);
    // Nothing loaded from elsewhere: no src or stylesheet link, and the one fetch is same-origin.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|<img|<iframe/);
    expect(scripts[0]).toContain("fetch('/api/openapi.json'");
    expect(scripts[0]).not.toMatch(/innerHTML|eval\(|new Function/);
  });

  it('leaves the API’s own strict policy on the document itself', async () => {
    const response = await f.app.inject({ method: 'GET', url: ROUTES.openapi.path });
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(response.headers['content-security-policy']).not.toContain('script-src');
  });
});
