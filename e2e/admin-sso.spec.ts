/**
 * « Se connecter avec … » end to end (issue 51, part 1; decision 046): a real OpenID provider
 * (panva's certified oidc-provider, started by this spec on 127.0.0.1 with its own login pages),
 * an admin who configures it in « Connexion SSO » (« Tester la connexion », the groups → rights
 * table), then a member of the group who signs in through the provider's real login page in
 * Chromium and lands in the back-office as an editor; a user of no mapped group comes back to the
 * login page with its French message. axe on the new screens. With ADMIN_SCREENSHOTS=1:
 * docs/screenshots/admin-sso.png and admin-login-sso.png.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

const GROUPS: Record<string, string[]> = {
  'marie.curie': ['totems-editeurs'],
  'sans.droits': ['compta'],
};

async function startProvider(redirectUri: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'back-office',
        client_secret: 'secret-du-back-office-e2e',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['cle-des-cookies-e2e'] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'groups'], email: ['email'] },
    conformIdTokenClaims: false,
    issueRefreshToken: async () => true,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        preferred_username: id,
        email: `${id}@groupe.example`,
        groups: GROUPS[id] ?? [],
      }),
    }),
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    void handle(request, response);
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's own pages: its login form (any password), then its consent form. */
async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('peu-importe');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an admin sets up the group’s provider; a member signs in through its login page', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const provider = await startProvider(`${server.url}/api/admin/sso/callback`);
  try {
    await logInAdmin(page, server);
    await page.getByRole('link', { name: 'Connexion SSO', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Connexion SSO', level: 1 })).toBeVisible();

    await page.getByLabel('Proposer « Se connecter avec … » sur la page de connexion').check();
    await page.getByLabel('Nom affiché').fill('le compte du groupe');
    await page.getByLabel('Émetteur (issuer)').fill(provider.issuer);
    await page.getByLabel('Identifiant du client').fill('back-office');
    await page.getByLabel('Secret du client', { exact: true }).fill('secret-du-back-office-e2e');
    await page.getByLabel('Adresse publique du back-office').fill(server.url);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Connexion par le compte du groupe enregistrée.')).toBeVisible();
    await expect(page.getByText(/^Secret enregistré/)).toBeVisible();
    await expect(page.getByLabel('Secret du client', { exact: true })).toHaveValue('');
    await expect(page.getByText(`${server.url}/api/admin/sso/callback`)).toBeVisible();

    await page.getByRole('button', { name: 'Tester la connexion' }).click();
    await expect(
      page.getByText(`Fournisseur joint : ${provider.issuer}.`, { exact: false }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Ajouter un groupe' }).click();
    await page.getByLabel('Nom du groupe').fill('totems-editeurs');
    const rule = page.getByRole('group', { name: 'totems-editeurs' });
    await rule.getByLabel('neubourg').check();
    await rule.getByLabel('Peut publier').check();
    await page.getByRole('button', { name: 'Enregistrer les droits' }).click();
    await expect(page.getByText('Correspondance des groupes enregistrée.')).toBeVisible();
    await expectAccessible(page, 'sso settings');
    await captureAdmin(page, 'sso');

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    const ssoButton = page.getByRole('link', { name: 'Se connecter avec le compte du groupe' });
    await expect(ssoButton).toBeVisible();
    await expectAccessible(page, 'login with SSO');
    await captureAdmin(page, 'login-sso');

    // A user of no mapped group: back on the login page with the French reason, no session.
    await ssoButton.click();
    await signInAtProvider(page, 'sans.droits');
    await expect(page.getByRole('alert')).toContainText(
      'Votre compte n’appartient à aucun groupe autorisé',
    );
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();

    // A member of the editors' group (another person at this browser: the provider's session of
    // the first one is forgotten): signed in, as an editor.
    await page.context().clearCookies();
    await page.getByRole('link', { name: 'Se connecter avec le compte du groupe' }).click();
    await signInAtProvider(page, 'marie.curie');
    await expect(page.getByRole('heading', { name: 'Contenu des totems' })).toBeVisible();
    await expect(page.getByText('marie.curie')).toBeVisible();
    await expect(page.getByText('éditeur', { exact: true })).toBeVisible();
  } finally {
    await provider.close();
  }
});
