import {
  hashPasswordForLogin,
  type AdminDevelopment,
  type AdminUser,
  type AdminZone,
  type ContentModel,
  type Envelope,
  type KioskAccount,
  type LoginResponse,
  type RevokeTokensResponse,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../lib/admin/errors.js';
import {
  ADMIN_PASSWORD,
  EDITOR_PASSWORD,
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
beforeAll(async () => {
  // Tokens re-read their development's version at once: revocation is visible in the test.
  f = await createAdminFixture({ app: { tokenVersionCacheMs: 0 } });
  admin = await f.asAdmin();
  editor = await f.asEditor();
});
afterAll(async () => {
  await f.close();
});

const message = (response: { json: <U>() => U }) => response.json<Envelope<unknown>>().message;

const kioskLogin = (devname: string, login: string, password: string) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: { loginRequest: { login, password: hashPasswordForLogin(password) }, devname },
  });

describe('admin-only calls', () => {
  it('answer 403 to an editor and change nothing', async () => {
    const calls = [
      () => editor.post(pathOf('adminCreateDevelopment'), { devname: 'usine-b' }),
      () => editor.get(pathOf('adminAccounts', { params: { devid: f.ids.devid } })),
      () =>
        editor.post(pathOf('adminCreateAccount', { params: { devid: f.ids.devid } }), {
          login: 'borne',
          password: 'motdepasse-kiosque',
        }),
      () =>
        editor.put(
          pathOf('adminAccountPassword', {
            params: { devid: f.ids.devid, accountid: f.ids.accountid },
          }),
          {
            password: 'motdepasse-kiosque',
          },
        ),
      () => editor.post(pathOf('adminRevokeTokens', { params: { devid: f.ids.devid } })),
      () => editor.get(pathOf('adminUsers')),
      () =>
        editor.post(pathOf('adminCreateUser'), {
          username: 'pirate',
          password: 'motdepasse-pirate',
        }),
      () =>
        editor.patch(pathOf('adminUpdateUser', { params: { userid: f.users.editor } }), {
          devids: [f.ids.otherDevid],
        }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(403);
      expect(message(response)).toBe(ADMIN_MESSAGES.adminOnly);
    }
    expect(await f.repos.developments.findByName('usine-b')).toBeUndefined();
    expect(await f.repos.adminUsers.findByUsername('pirate')).toBeUndefined();
    expect(await f.repos.adminUsers.devids(f.users.editor)).toEqual([f.ids.devid]);
  });
});

describe('developments', () => {
  it('lists every development to an admin and only their own to an editor', async () => {
    const all = data<AdminDevelopment[]>(await admin.get(pathOf('adminDevelopments')));
    expect(all.map((item) => item.devname)).toEqual(['neubourg', 'autre-usine']);
    expect(all[0]).toMatchObject({ devid: f.ids.devid, tokenVersion: 1 });
    const mine = data<AdminDevelopment[]>(await editor.get(pathOf('adminDevelopments')));
    expect(mine.map((item) => item.devid)).toEqual([f.ids.devid]);
  });

  it('creates a development with every content model and no zone; names are unique and plain', async () => {
    const response = await admin.post(pathOf('adminCreateDevelopment'), {
      devname: 'usine-de-lyon',
    });
    expect(response.statusCode, response.body).toBe(201);
    const development = data<AdminDevelopment>(response);
    expect(development).toMatchObject({
      devname: 'usine-de-lyon',
      contentVersion: 1,
      tokenVersion: 1,
    });
    expect(
      data<AdminZone[]>(
        await admin.get(pathOf('adminZones', { params: { devid: development.devid } })),
      ),
    ).toEqual([]);
    const models = data<ContentModel[]>(await admin.get(pathOf('adminContentModels')));
    expect(models.map((model) => model.label)).toContain('Catalogue environnement');

    const again = await admin.post(pathOf('adminCreateDevelopment'), { devname: 'usine-de-lyon' });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('Le développement « usine-de-lyon » existe déjà.');
    const invalid = await admin.post(pathOf('adminCreateDevelopment'), {
      devname: 'Usine de Lyon',
    });
    expect(invalid.statusCode).toBe(400);
    expect(message(invalid)).toMatch(
      /^Le champ « devname » doit commencer par une lettre minuscule/,
    );
  });
});

describe('kiosk accounts', () => {
  it('creates an account the kiosk can log in with, and resets its password', async () => {
    const created = await admin.post(
      pathOf('adminCreateAccount', { params: { devid: f.ids.devid } }),
      {
        login: 'borne-accueil',
        password: 'motdepasse-kiosque',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const account = data<KioskAccount>(created);
    expect(account).toMatchObject({ devid: f.ids.devid, login: 'borne-accueil' });
    expect(created.body).not.toMatch(/hash|salt|scrypt/);
    expect((await kioskLogin('neubourg', 'borne-accueil', 'motdepasse-kiosque')).statusCode).toBe(
      200,
    );

    const list = data<KioskAccount[]>(
      await admin.get(pathOf('adminAccounts', { params: { devid: f.ids.devid } })),
    );
    expect(list.map((item) => item.login)).toEqual(['kiosk', 'borne-accueil']);

    const duplicate = await admin.post(
      pathOf('adminCreateAccount', { params: { devid: f.ids.devid } }),
      {
        login: 'borne-accueil',
        password: 'motdepasse-kiosque',
      },
    );
    expect(duplicate.statusCode).toBe(409);
    const short = await admin.post(
      pathOf('adminCreateAccount', { params: { devid: f.ids.devid } }),
      {
        login: 'b2',
        password: 'court',
      },
    );
    expect(short.statusCode).toBe(400);
    expect(message(short)).toBe('Le champ « password » doit contenir au moins 8 caractères.');

    const reset = await admin.put(
      pathOf('adminAccountPassword', {
        params: { devid: f.ids.devid, accountid: account.accountid },
      }),
      {
        password: 'nouveau-motdepasse',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await kioskLogin('neubourg', 'borne-accueil', 'motdepasse-kiosque')).statusCode).toBe(
      401,
    );
    expect((await kioskLogin('neubourg', 'borne-accueil', 'nouveau-motdepasse')).statusCode).toBe(
      200,
    );
    // An account of another development is not reachable through this one.
    const wrongDev = await admin.put(
      pathOf('adminAccountPassword', {
        params: { devid: f.ids.otherDevid, accountid: account.accountid },
      }),
      {
        password: 'nouveau-motdepasse',
      },
    );
    expect(wrongDev.statusCode).toBe(404);
  });

  it('revokes every kiosk token of a development', async () => {
    const token = (await kioskLogin('neubourg', 'kiosk', 'kiosk')).json<Envelope<LoginResponse>>()
      .data!.token;
    const read = () =>
      f.app.inject({
        method: 'GET',
        url: pathOf('zones', { params: { devid: f.ids.devid } }),
        headers: { token },
      });
    expect((await read()).statusCode).toBe(200);
    const response = await admin.post(
      pathOf('adminRevokeTokens', { params: { devid: f.ids.devid } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(data<RevokeTokensResponse>(response).tokenVersion).toBe(2);
    expect((await read()).statusCode).toBe(401);
    const [entry] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
    expect(entry).toMatchObject({ action: 'tokens.revoke', username: 'admin' });
    expect(
      (await admin.post(pathOf('adminRevokeTokens', { params: { devid: 999 } }))).statusCode,
    ).toBe(404);
  });
});

describe('back-office users', () => {
  it('creates an editor with developments; the editor can log in and sees only those', async () => {
    const response = await admin.post(pathOf('adminCreateUser'), {
      username: 'rh.neubourg',
      password: 'motdepasse-rh',
      devids: [f.ids.devid],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(data<AdminUser>(response)).toMatchObject({
      username: 'rh.neubourg',
      role: 'editor',
      disabled: false,
      devids: [f.ids.devid],
    });
    expect(response.body).not.toMatch(/hash|salt|scrypt/);
    const rh = await f.login('rh.neubourg', 'motdepasse-rh');
    expect(
      data<AdminDevelopment[]>(await rh.get(pathOf('adminDevelopments'))).map((d) => d.devid),
    ).toEqual([f.ids.devid]);

    for (const [payload, status, text] of [
      [
        { username: 'rh.neubourg', password: 'motdepasse-rh' },
        409,
        'Le nom d’utilisateur « rh.neubourg » est déjà pris.',
      ],
      [
        { username: 'nouveau', password: 'motdepasse-x', devids: [999] },
        400,
        'Développement(s) inconnu(s) : 999.',
      ],
      [
        { username: 'nouveau', password: 'court' },
        400,
        'Le champ « password » doit contenir au moins 10 caractères.',
      ],
      [{ username: 'Avec Espace', password: 'motdepasse-x' }, 400, undefined],
      [
        { username: 'chef', password: 'motdepasse-x', role: 'admin', devids: [f.ids.devid] },
        400,
        undefined,
      ],
    ] as const) {
      const refused = await admin.post(pathOf('adminCreateUser'), payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      if (text) expect(message(refused)).toBe(text);
    }
    const users = data<AdminUser[]>(await admin.get(pathOf('adminUsers')));
    expect(users.map((user) => user.username)).toContain('rh.neubourg');
    expect(users.find((user) => user.username === 'nouveau')).toBeUndefined();
  });

  it('assigns developments, and disabling ends the user’s sessions', async () => {
    const userid = await f.createUser('com.neubourg', 'editor', [f.ids.devid]);
    const com = await f.login('com.neubourg', EDITOR_PASSWORD);
    const assigned = await admin.patch(pathOf('adminUpdateUser', { params: { userid } }), {
      devids: [f.ids.otherDevid],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(data<AdminUser>(assigned).devids).toEqual([f.ids.otherDevid]);
    // Rights follow at once, in the open session.
    expect(
      (await com.get(pathOf('adminZones', { params: { devid: f.ids.devid } }))).statusCode,
    ).toBe(403);
    expect(
      (await com.get(pathOf('adminZones', { params: { devid: f.ids.otherDevid } }))).statusCode,
    ).toBe(200);

    const disabled = await admin.patch(pathOf('adminUpdateUser', { params: { userid } }), {
      disabled: true,
    });
    expect(data<AdminUser>(disabled).disabled).toBe(true);
    expect((await com.get(pathOf('adminMe'))).statusCode).toBe(401);
    const relogin = await f.app.inject({
      method: 'POST',
      url: pathOf('adminLogin'),
      payload: { username: 'com.neubourg', password: EDITOR_PASSWORD },
    });
    expect(relogin.statusCode).toBe(403);

    const enabled = await admin.patch(pathOf('adminUpdateUser', { params: { userid } }), {
      disabled: false,
      password: 'nouveau-motdepasse',
    });
    expect(enabled.statusCode).toBe(200);
    await f.login('com.neubourg', 'nouveau-motdepasse');

    const actions = (await f.repos.audit.list({ limit: 10 }))
      .filter((entry) => entry.targetType === 'user' && entry.targetId === userid)
      .map((entry) => entry.action);
    expect(actions).toEqual([
      'session.login',
      'user.update',
      'user.update',
      'user.update',
      'session.login',
    ]);
  });

  it('will not let an admin lock themselves out, nor give developments to an admin', async () => {
    const self = await admin.patch(
      pathOf('adminUpdateUser', { params: { userid: f.users.admin } }),
      { disabled: true },
    );
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    const devids = await admin.patch(
      pathOf('adminUpdateUser', { params: { userid: f.users.admin } }),
      { devids: [f.ids.devid] },
    );
    expect(devids.statusCode).toBe(400);
    expect(
      (await admin.patch(pathOf('adminUpdateUser', { params: { userid: f.users.admin } }), {}))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await admin.patch(pathOf('adminUpdateUser', { params: { userid: 9999 } }), {
          disabled: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin.patch('/api/admin/users/abc', { disabled: true })).statusCode).toBe(400);
    expect((await admin.get(pathOf('adminMe'))).statusCode).toBe(200);
  });

  it('keeps the caller’s own session when they change their own password', async () => {
    const userid = await f.createUser('second.admin', 'admin');
    const second = await f.login('second.admin', EDITOR_PASSWORD);
    const elsewhere = await f.login('second.admin', EDITOR_PASSWORD);
    const response = await second.patch(pathOf('adminUpdateUser', { params: { userid } }), {
      password: 'motdepasse-change',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await second.get(pathOf('adminMe'))).statusCode).toBe(200);
    expect((await elsewhere.get(pathOf('adminMe'))).statusCode).toBe(401);
    expect(ADMIN_PASSWORD).not.toBe('motdepasse-change');
  });
});
