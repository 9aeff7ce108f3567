/**
 * JSON bodies, for every route (outside probe, round 3, items 7 and 11): an empty body sent with a
 * JSON Content-Type is no body; a body nested too deep is a 400, never a 500; a body field of the
 * wrong shape is a 400 naming it, never an array slipping through Ajv's coercion to the handler.
 */
import {
  ADMIN_CSRF_HEADER,
  ROUTE_SCHEMAS,
  ROUTES,
  TOKEN_HEADER,
  type AlertState,
  type Envelope,
  type KioskHeartbeat,
  type RouteAuth,
  type RouteName,
  type RouteSchema,
  pathOf,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import {
  publishDraftDirectly,
  TEST_ALERT_TOKEN,
  TEST_METRICS_TOKEN,
  TEST_PUBLISH_TOKEN,
} from '../testing/fixture.js';
import { jsonNestingExceeds, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-body.js';

let f: AdminFixture;
beforeAll(async () => {
  f = await createAdminFixture();
  await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    name: 'Confinement',
    kind: 'confinement',
    titleFr: 'Confinement',
    titleEn: 'Shelter in place',
    instructionsFr: 'Restez à l’intérieur.',
    instructionsEn: 'Stay inside.',
    pictogram: 'confinement',
    colour: 'sable',
    image: null,
    endTextFr: 'Fin de l’alerte',
    endTextEn: 'All clear',
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
});
afterAll(async () => {
  await f.close();
});

const JSON_TYPE = { 'content-type': 'application/json' };
const alertAuth = { authorization: `Bearer ${TEST_ALERT_TOKEN}` };

function expectRefusal(response: LightMyRequestResponse, message: RegExp): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json<Envelope<unknown>>()).toEqual({
    data: null,
    message: expect.stringMatching(message) as unknown,
    error: 'bad_request',
  });
}

const nested = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}1${close.repeat(depth)}`;

describe('jsonNestingExceeds', () => {
  it('counts arrays and objects inside one another, not brackets inside strings', () => {
    expect(jsonNestingExceeds(nested(3, '[', ']'), 3)).toBe(false);
    expect(jsonNestingExceeds(nested(4, '[', ']'), 3)).toBe(true);
    expect(jsonNestingExceeds(nested(4, '{"a":', '}'), 3)).toBe(true);
    // Siblings do not add up.
    expect(jsonNestingExceeds('[[1],[2],{"a":[3]}]', 3)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    // An escaped quote does not end the string.
    expect(jsonNestingExceeds(JSON.stringify({ text: '"[[[[' }), 1)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ text: '\\' }) + '[[[', 2)).toBe(true);
  });
});

describe('POST /api/alerts/:devid with a template of the wrong type (item 7)', () => {
  it.each([
    ['an array of a name', '{"template":["Confinement"]}'],
    ['an array of an id', '{"template":[1]}'],
    ['a nested array', '{"template":[["Confinement"]]}'],
    ['an object', '{"template":{"name":"Confinement"}}'],
  ])('is a 400 naming the field, with no alert started: %s', async (_what, payload) => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('alertStart', { params: { devid: f.ids.devid } }),
      headers: { ...alertAuth, ...JSON_TYPE },
      payload,
    });
    expectRefusal(response, /^Invalid body field 'template': must be integer or string$/);
    expect(await f.repos.alerts.active(f.ids.devid, f.clock.now)).toBeNull();
  });

  it('still takes the name, the id, and the id written as a string (panels configured so)', async () => {
    const [template] = await f.repos.alerts.liveTemplates(f.ids.devid);
    for (const payload of [
      '{"template":"Confinement","drill":true}',
      `{"template":${template!.templateid},"drill":true}`,
      `{"template":"${template!.templateid}","drill":"true"}`,
    ]) {
      const response = await f.app.inject({
        method: 'POST',
        url: pathOf('alertStart', { params: { devid: f.ids.devid } }),
        headers: { ...alertAuth, ...JSON_TYPE },
        payload,
      });
      expect(response.statusCode, `${payload}: ${response.body}`).toBe(200);
      expect(response.json<Envelope<AlertState>>().data?.alert?.templateName).toBe('Confinement');
    }
    await f.app.inject({
      method: 'DELETE',
      url: pathOf('alertEnd', { params: { devid: f.ids.devid } }),
      headers: alertAuth,
    });
  });
});

describe('deeply nested bodies (item 7)', () => {
  const heartbeat: KioskHeartbeat = {
    kioskId: 'totem-hall',
    mode: null,
    totem: null,
    appVersion: '1.0.0',
    contentVersion: null,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
  };

  it.each([
    ['arrays', nested(5_000, '[', ']')],
    ['objects', nested(5_000, '{"a":', '}')],
  ])('a heartbeat with a field nested 5,000 levels deep (%s) is a 400', async (_what, deep) => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
      headers: { ...(await f.auth()), ...JSON_TYPE },
      payload: `{"kioskId":"totem-hall","extra":${deep}}`,
    });
    expectRefusal(response, new RegExp(`^${TOO_DEEP_MESSAGE}$`));
  });

  it('the bound is the same for every route, and a body within it is read as before', async () => {
    const within = nested(MAX_JSON_DEPTH - 1, '[', ']');
    const over = nested(MAX_JSON_DEPTH, '[', ']');
    const login = (payload: string) =>
      f.app.inject({ method: 'POST', url: pathOf('login'), headers: JSON_TYPE, payload });
    expectRefusal(await login(`{"devname":${over}}`), /nested too deep/);
    expectRefusal(await login(`{"devname":${within}}`), /^Missing body field/);
    // Brackets inside text are text.
    const text = await f.app.inject({
      method: 'POST',
      url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
      headers: { ...(await f.auth()), ...JSON_TYPE },
      payload: JSON.stringify({ ...heartbeat, lastError: '[{'.repeat(200) }),
    });
    expect(text.statusCode, text.body).toBe(200);
  });
});

describe('an empty body with a JSON Content-Type (item 11)', () => {
  it('DELETE /api/alerts/:devid ends the alert in force', async () => {
    const started = await f.app.inject({
      method: 'POST',
      url: pathOf('alertStart', { params: { devid: f.ids.devid } }),
      headers: { ...alertAuth, ...JSON_TYPE },
      payload: { template: 'Confinement', drill: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    const ended = await f.app.inject({
      method: 'DELETE',
      url: pathOf('alertEnd', { params: { devid: f.ids.devid } }),
      headers: { ...alertAuth, ...JSON_TYPE, 'content-length': '0' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<Envelope<AlertState>>().data).toMatchObject({ alert: null, changed: true });
  });

  it('is no body on every call that takes none, whatever it does', async () => {
    const admin = await f.asAdmin();
    const headersFor = async (auth: RouteAuth): Promise<Record<string, string>> => {
      switch (auth) {
        case 'none':
          return {};
        case 'kiosk-token':
          return { [TOKEN_HEADER]: await f.token() };
        case 'admin-session':
          return { cookie: admin.cookie, [ADMIN_CSRF_HEADER]: admin.csrf };
        case 'publish-token':
          return { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` };
        case 'alert-token':
          return alertAuth;
        case 'metrics-token':
          return { authorization: `Bearer ${TEST_METRICS_TOKEN}` };
      }
    };
    const bodiless = (Object.keys(ROUTES) as RouteName[]).filter((name) => {
      const schema: RouteSchema = ROUTE_SCHEMAS[name];
      return !['GET', 'HEAD'].includes(ROUTES[name].method) && !schema.body && !schema.bodyType;
    });
    expect(bodiless).toContain('alertEnd');
    // Logging out last: the other calls need the session.
    bodiless.sort((a, b) => Number(a === 'adminLogout') - Number(b === 'adminLogout'));
    for (const name of bodiless) {
      const { method, path, auth } = ROUTES[name];
      // The development and its first revision; the other ids name nothing that exists: a 404
      // is fine, a refusal of the body is not.
      const url = path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
        name === 'devid' ? String(f.ids.devid) : name === 'revision' ? '1' : '999999',
      );
      const response = await f.app.inject({
        method,
        url,
        headers: { ...(await headersFor(auth)), ...JSON_TYPE },
        payload: '',
      });
      const what = `${method} ${url}: ${response.body}`;
      expect(response.statusCode, what).toBeLessThan(500);
      expect(response.json<Envelope<unknown>>().message, what).not.toMatch(/body/i);
    }
  });

  it('a call whose body is required says it is missing', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('alertStart', { params: { devid: f.ids.devid } }),
      headers: { ...alertAuth, ...JSON_TYPE },
      payload: '',
    });
    expectRefusal(response, /^Missing JSON body: this call takes a JSON object$/);
  });
});
