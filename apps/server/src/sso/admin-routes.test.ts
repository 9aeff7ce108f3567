/**
 * The SSO settings in the back-office: admins only, the client secret write-only (answered as
 * `hasSecret`, kept unless given, audited as « modifié »), the redirect URI built from the public
 * address, bad input refused in French, « Tester la connexion » against a real provider (found;
 * unreachable; another issuer's document; no document), and the groups → rights table.
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  pathOf,
  type AuditEntry,
  type SsoGroupRights,
  type SsoSettings,
  type SsoSettingsRequest,
  type SsoTestResult,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { CLIENT_ID, startTestProvider, type TestProvider } from './testing/oidc-test-provider.js';

const SETTINGS = pathOf('adminSsoSettings', {});
const TEST = pathOf('adminTestSso', {});
const RIGHTS = pathOf('adminSsoGroupRights', {});

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUri: 'https://totems.usine.example/api/admin/sso/callback',
  });
  ({ f, admin, editor } = await createAdminSuite());
});
afterAll(async () => {
  await f?.close();
  await provider?.close();
});

const request = (overrides: Partial<SsoSettingsRequest> = {}): SsoSettingsRequest => ({
  enabled: false,
  issuer: '',
  clientId: '',
  displayName: '',
  groupsClaim: 'groups',
  scopes: 'openid profile email',
  publicBaseUrl: '',
  ...overrides,
});

const auditOf = async (action: string) =>
  (await f.repos.audit.list({ limit: 100 })).filter((entry: AuditEntry) => entry.action === action);

describe('SSO settings', () => {
  it('are for admins only: an editor gets 403 on every call', async () => {
    expect((await editor.get(SETTINGS)).statusCode).toBe(403);
    expect((await editor.put(SETTINGS, request())).statusCode).toBe(403);
    expect((await editor.post(TEST, undefined)).statusCode).toBe(403);
    expect((await editor.get(RIGHTS)).statusCode).toBe(403);
    expect((await editor.put(RIGHTS, { rules: [] })).statusCode).toBe(403);
  });

  it('answer the defaults, then what was saved, never the secret', async () => {
    const first = data<SsoSettings>(await admin.get(SETTINGS));
    expect(first).toMatchObject({ enabled: false, hasSecret: false, redirectUri: '', version: 0 });

    const saved = await admin.put(
      SETTINGS,
      request({
        enabled: true,
        issuer: ' https://idp.groupe.example/realms/usines ',
        clientId: 'totems',
        clientSecret: 'tres-secret-du-client',
        displayName: 'le compte du groupe',
        publicBaseUrl: 'https://totems.usine.example/',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('tres-secret-du-client');
    expect(data<SsoSettings>(saved)).toMatchObject({
      enabled: true,
      issuer: 'https://idp.groupe.example/realms/usines',
      hasSecret: true,
      publicBaseUrl: 'https://totems.usine.example',
      redirectUri: 'https://totems.usine.example/api/admin/sso/callback',
      version: 1,
    });
    const read = await admin.get(SETTINGS);
    expect(read.body).not.toContain('tres-secret-du-client');

    // Saved again without a secret: kept.
    const again = await admin.put(
      SETTINGS,
      request({
        enabled: true,
        issuer: 'https://idp.groupe.example/realms/usines',
        clientId: 'totems',
        displayName: 'le compte du groupe',
        publicBaseUrl: 'https://totems.usine.example',
        scopes: 'openid profile email offline_access',
      }),
    );
    expect(data<SsoSettings>(again).hasSecret).toBe(true);
    expect((await f.repos.sso.settings()).clientSecret).toBe('tres-secret-du-client');

    const audits = await auditOf('sso.settings.update');
    expect(audits.at(-1)?.summary).toMatchObject({ clientSecret: 'modifié' });
    expect(JSON.stringify(audits)).not.toContain('tres-secret-du-client');
  });

  it('refuse bad input in French', async () => {
    const cases: [Partial<SsoSettingsRequest>, RegExp][] = [
      [{ issuer: 'http://idp.groupe.example' }, /doit commencer par https:\/\//],
      [{ issuer: 'pas une adresse' }, /n’est pas une adresse web valide/],
      [{ publicBaseUrl: 'https://totems.example/?x=1' }, /ni « \? » ni « # »/],
      [{ scopes: 'profile email' }, /« openid »/],
      [{ groupsClaim: 'les groupes' }, /revendication des groupes/],
      [
        { enabled: true, issuer: 'https://idp.example', clientId: '', clientSecret: 'x' },
        /identifiant du client/,
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await admin.put(SETTINGS, request(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('« Tester la connexion » finds a real provider', async () => {
    await admin.put(
      SETTINGS,
      request({ issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: 'x' }),
    );
    const response = await admin.post(TEST, undefined);
    expect(response.statusCode).toBe(200);
    const result = data<SsoTestResult>(response);
    expect(result.ok).toBe(true);
    expect(result.authorizationEndpoint).toBe(`${provider.issuer}/auth`);
    expect(result.result).toContain('Fournisseur joint');
    expect((await auditOf('sso.test')).at(0)?.summary).toMatchObject({ ok: true });
  });

  it('« Tester la connexion » says in French when the provider cannot be reached', async () => {
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await admin.put(SETTINGS, request({ issuer: `http://127.0.0.1:${port}` }));
    const result = data<SsoTestResult>(await admin.post(TEST, undefined));
    expect(result.ok).toBe(false);
    expect(result.result).toMatch(/injoignable/);
  });

  it('« Tester la connexion » says so when the issuer is not the one the document names', async () => {
    // The provider's own document, served under another address: its `issuer` is not ours.
    const mirror = createHttpServer((req, res) => {
      void fetch(`${provider.issuer}${req.url ?? '/'}`).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
      await admin.put(SETTINGS, request({ issuer: address }));
      const result = data<SsoTestResult>(await admin.post(TEST, undefined));
      expect(result.ok).toBe(false);
      expect(result.result).toMatch(/L’émetteur annoncé par le fournisseur n’est pas/);
    } finally {
      mirror.closeAllConnections();
      await new Promise<void>((resolve) => mirror.close(() => resolve()));
    }
  });

  it('« Tester la connexion » says so when there is no discovery document', async () => {
    await admin.put(SETTINGS, request({ issuer: `${provider.issuer}/nulle-part` }));
    const result = data<SsoTestResult>(await admin.post(TEST, undefined));
    expect(result.ok).toBe(false);
    expect(result.result).toMatch(/Aucun document de découverte|inattendue/);
  });

  it('« Tester la connexion » asks for an issuer first', async () => {
    await admin.put(SETTINGS, request());
    const response = await admin.post(TEST, undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('émetteur');
  });
});

describe('the groups → rights table', () => {
  it('saves and answers the rules, audited', async () => {
    const rules: SsoGroupRights['rules'] = [
      { group: ' it-admins ', role: 'admin', developments: [], canPublish: false, canAlert: false },
      {
        group: 'totems',
        role: 'editor',
        developments: [f.ids.devid],
        canPublish: true,
        canAlert: false,
      },
    ];
    const response = await admin.put(RIGHTS, { rules });
    expect(response.statusCode, response.body).toBe(200);
    expect(data<SsoGroupRights>(response).rules).toEqual([
      {
        group: 'it-admins',
        role: 'admin',
        developments: 'all',
        canPublish: false,
        canAlert: false,
      },
      rules[1],
    ]);
    expect(data<SsoGroupRights>(await admin.get(RIGHTS)).rules).toHaveLength(2);
    expect((await auditOf('sso.group-rights.update')).at(0)?.summary).toMatchObject({
      after: ['it-admins', 'totems'],
    });
  });

  it('refuses a group twice, an editor without developments, an unknown development', async () => {
    const rule = {
      group: 'totems',
      role: 'editor' as const,
      developments: [f.ids.devid],
      canPublish: false,
      canAlert: false,
    };
    const twice = await admin.put(RIGHTS, { rules: [rule, rule] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toContain('figure deux fois');
    const none = await admin.put(RIGHTS, { rules: [{ ...rule, developments: [] }] });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toContain('aucun développement');
    const unknown = await admin.put(RIGHTS, { rules: [{ ...rule, developments: [999_999] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('n’existe pas');
  });
});
