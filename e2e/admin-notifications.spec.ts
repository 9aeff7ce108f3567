/**
 * « Notifications » end to end (issue 48, part 2; decision 042): an admin opens the page from the
 * top menu, saves a webhook (a receiver this test starts) with its shared secret and an SMTP relay
 * that refuses connections, sends a test on each channel — the webhook's is delivered, signed, the
 * e-mail's fails with its French reason — and sees both in the deliveries list; the secret is
 * then shown as saved, never as its value; the page passes axe. With ADMIN_SCREENSHOTS=1:
 * docs/screenshots/admin-notifications.png.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

test('an admin sets the webhook and the relay, tests both and sees each delivery', async ({
  page,
  ownServer,
}) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  try {
    const server = await ownServer();
    await logInAdmin(page, server);
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

    await page.getByLabel('Envoyer les messages au webhook').check();
    await page.getByLabel('Adresse', { exact: true }).fill(`http://127.0.0.1:${port}/hooks/totems`);
    await page.getByLabel('Secret partagé', { exact: true }).fill('secret-de-la-supervision');
    await page.getByLabel('Serveur SMTP').fill('127.0.0.1');
    await page.getByLabel('Port').fill('1');
    await page.getByLabel('Chiffrement').selectOption('none');
    await page.getByLabel('Expéditeur').fill('totems@usine.example');
    await page.getByLabel('Destinataires').fill('informatique@usine.example');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Notifications enregistrées.')).toBeVisible();
    await expect(page.getByText('Secret enregistré — laisser vide pour le garder.')).toBeVisible();
    await expect(page.getByLabel('Secret partagé', { exact: true })).toHaveValue('');

    const tests = page.getByRole('button', { name: 'Envoyer un test' });
    await tests.nth(0).click();
    await expect(page.getByText('Test remis : HTTP 200')).toBeVisible();
    expect(received).toHaveLength(1);
    const [got] = received;
    const timestamp = String(got?.headers['x-plant-kiosk-timestamp']);
    const signature = createHmac('sha256', 'secret-de-la-supervision')
      .update(`${timestamp}.${got?.body}`)
      .digest('hex');
    expect(got?.headers['x-plant-kiosk-signature']).toBe(`sha256=${signature}`);
    expect(got?.headers['x-plant-kiosk-event']).toBe('test');

    await tests.nth(1).click();
    await expect(
      page.getByText('Échec du test : Connexion refusée par 127.0.0.1:1', { exact: true }),
    ).toBeVisible();

    const list = page.getByRole('table');
    await expect(list.getByRole('row')).toHaveCount(3);
    await expect(list.getByText('Remis')).toBeVisible();
    await expect(list.getByText('Échec', { exact: true })).toBeVisible();
    await expectAccessible(page, 'notifications');
    // The picture shows the tests' results and the deliveries they made: the page's lower part.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await captureAdmin(page, 'notifications');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
