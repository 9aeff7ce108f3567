/**
 * The alert token in the back-office (red button and acknowledgements, decision 026), on SQLite
 * and, in the server-pg project, PostgreSQL: admins read it and regenerate it; the regeneration
 * takes effect at once on
 * /api/alerts — for this app and for a second one sharing the data directory, as a second
 * instance does — and is audited without the token; editors get 403; a token ALERT_TOKEN sets is
 * shown as such and cannot be regenerated (409).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALERT_TOKEN_AUDIT_ACTION,
  type AdminAlertToken,
  type AuditEntry,
  type Envelope,
  pathOf,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { fileAlertToken } from './alert-token.js';
import { TEST_SCRYPT_COST } from '../lib/passwords.js';
import { TEST_ALERT_TOKEN, testSecrets } from '../testing/fixture.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

describe('alert token, generated into the data directory', () => {
  let f: AdminFixture;
  let admin: AdminClient;
  let editor: AdminClient;
  let secretsDir: string;
  let other: FastifyInstance;

  const readAlert = (app: FastifyInstance, token: string | null) =>
    app.inject({
      method: 'GET',
      url: pathOf('alertGet', { params: { devid: f.ids.devid } }),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    secretsDir = join(mkdtempSync(join(tmpdir(), 'kiosk-alert-token-')), 'secrets');
    ({ f, admin, editor } = await createAdminSuite({
      app: { secrets: { ...testSecrets(), alertToken: fileAlertToken(secretsDir) } },
    }));
    // A second instance: the same store and bus, its own token object on the same directory.
    other = await buildApp({
      repos: f.repos,
      config: f.config,
      bus: f.bus,
      secrets: { ...testSecrets(), alertToken: fileAlertToken(secretsDir) },
      now: () => f.clock.now,
      logger: false,
      passwordCost: TEST_SCRYPT_COST,
    });
    await other.ready();
  });

  afterAll(async () => {
    await other?.close();
    await f?.close();
    rmSync(join(secretsDir, '..'), { recursive: true, force: true });
  });

  it('shows admins the token and where it comes from; editors get 403', async () => {
    const response = await admin.get(pathOf('adminAlertToken'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const view = data<AdminAlertToken>(response);
    expect(view.origin).toBe('file');
    expect(view.canRegenerate).toBe(true);
    expect(view.token.length).toBeGreaterThanOrEqual(32);
    expect(Number.isNaN(Date.parse(view.changedAt ?? ''))).toBe(false);
    expect((await readAlert(f.app, view.token)).statusCode).toBe(200);

    for (const call of [
      () => editor.get(pathOf('adminAlertToken')),
      () => editor.post(pathOf('adminRegenerateAlertToken')),
    ]) {
      const refused = await call();
      expect(refused.statusCode).toBe(403);
      const body = refused.json<Envelope<null>>();
      expect(body.data).toBeNull();
      expect(body.message).toMatch(/administrat/i);
      expect(refused.body).not.toContain(view.token);
    }
  });

  it('refuses a regeneration without a session or without the CSRF token', async () => {
    const anonymous = await f.app.inject({
      method: 'POST',
      url: pathOf('adminRegenerateAlertToken'),
    });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await admin.post(pathOf('adminRegenerateAlertToken'), undefined, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('regenerates: the new token works at once on both instances, the old one is refused, audited without the token', async () => {
    const before = data<AdminAlertToken>(await admin.get(pathOf('adminAlertToken'))).token;
    const response = await admin.post(pathOf('adminRegenerateAlertToken'));
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope<AdminAlertToken>>();
    expect(body.message).toMatch(/ancien est refusé/);
    const after = data<AdminAlertToken>(response).token;
    expect(after).not.toBe(before);

    for (const app of [f.app, other]) {
      expect((await readAlert(app, after)).statusCode).toBe(200);
      const old = await readAlert(app, before);
      expect(old.statusCode).toBe(401);
      expect(old.json<Envelope<null>>().message).toBe('Wrong alert token');
    }
    // The other instance shows the new token too.
    const seen = await other.inject({
      method: 'GET',
      url: pathOf('adminAlertToken'),
      headers: { cookie: admin.cookie },
    });
    expect(data<AdminAlertToken>(seen).token).toBe(after);

    const audit = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { limit: 20 } })),
    );
    const entry = audit.find((item) => item.action === ALERT_TOKEN_AUDIT_ACTION);
    expect(entry).toMatchObject({ username: admin.session.user.username, devid: null });
    const logged = JSON.stringify(audit);
    expect(logged).not.toContain(after);
    expect(logged).not.toContain(before);
  });
});

describe('alert token set by ALERT_TOKEN', () => {
  let f: AdminFixture;
  let admin: AdminClient;

  beforeAll(async () => {
    ({ f, admin } = await createAdminSuite());
  });
  afterAll(async () => f?.close());

  it('says so and refuses a regeneration with 409, the token unchanged', async () => {
    const view = data<AdminAlertToken>(await admin.get(pathOf('adminAlertToken')));
    expect(view).toEqual({
      token: TEST_ALERT_TOKEN,
      origin: 'environment',
      changedAt: null,
      canRegenerate: false,
    });
    const refused = await admin.post(pathOf('adminRegenerateAlertToken'));
    expect(refused.statusCode).toBe(409);
    const body = refused.json<Envelope<AdminAlertToken>>();
    expect(body.error).toBe('conflict');
    expect(body.message).toMatch(/fixé par la variable d’environnement ALERT_TOKEN/);
    expect(data<AdminAlertToken>(refused).token).toBe(TEST_ALERT_TOKEN);
    const audit = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { limit: 20 } })),
    );
    expect(audit.some((item) => item.action === ALERT_TOKEN_AUDIT_ACTION)).toBe(false);
    const call = await f.app.inject({
      method: 'GET',
      url: pathOf('alertGet', { params: { devid: f.ids.devid } }),
      headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
    });
    expect(call.statusCode).toBe(200);
  });
});
