/**
 * Kiosk core end to end: login, first sync, live updates through the stream, the server killed
 * mid-sync, the kiosk reloaded with the server down, the stream reconnecting, the mode switcher,
 * and the idle and inactivity timers — all against the real server in Debian's Chromium.
 */
import { expectAccessible } from './support/a11y';
import { devidOf, imagesNotIn, setElementValue, zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { countLocal, waitForSyncDone } from './support/kiosk';
import { DEMO, publish, type RunningServer } from './support/server';
import { freshOnline, useSharedKiosk, type SharedKiosk } from './support/shared-kiosk';

// The login test and the shared-kiosk group run side by side when two workers are free.
test.describe.configure({ mode: 'parallel' });

const SLIDESHOW = 'Diaporama accueil';
const fileName = (value: string) => value.split('/').pop()!;

test('login: a wrong password is refused with the server message, the right one stores the session and syncs', async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/`);
  await expect(page.getByPlaceholder('Login')).toBeVisible();
  await expectAccessible(page, 'login');
  await expect(page.getByLabel('Montrer mon mot de passe :')).toBeVisible();

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByPlaceholder('Login').fill(DEMO.login);
  await page.getByPlaceholder('Mot de passe').fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect.poll(() => alerts.length).toBe(1);
  expect(alerts[0]).toBe('Identifiant ou mot de passe incorrect.');
  expect(await page.evaluate(() => localStorage.getItem('jwt-neubourg'))).toBeNull();

  await page.getByPlaceholder('Mot de passe').fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await waitForSyncDone(page);
  const storage = await page.evaluate(() => ({
    jwt: localStorage.getItem('jwt-neubourg'),
    devid: localStorage.getItem('devid-neubourg'),
  }));
  expect(storage.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(Number(storage.devid)).toBe(devidOf(server, DEMO.devname));

  // The first sync filled the four stores of the database named after the development.
  expect(await countLocal(page, 'zones')).toBeGreaterThan(30);
  expect(await countLocal(page, 'elements')).toBeGreaterThan(100);
  expect(await countLocal(page, 'subelements')).toBeGreaterThan(100);
  expect(await countLocal(page, 'subgroups')).toBeGreaterThan(10);
  await expect(page.getByRole('link', { name: /Urgence/ })).toBeVisible();
  await expectAccessible(page, 'home');
});

/*
 * The other checks share one kiosk (one server of their own, one login, one first sync: see
 * support/shared-kiosk.ts), in an order where each leaves the kiosk as the next expects it: the
 * server killed and stopped is started again, the switcher's storage is cleared after it, and the
 * fake clock comes last because it stays installed on the page once it is.
 */
test.describe.serial('kiosk core, on one kiosk logged in once', () => {
  const kiosk = useSharedKiosk();
  test('a change published on the server appears on screen without a reload', () =>
    publishedChangeAppears(kiosk));
  test('a one-element publish reaches the open kiosk as a delta, not the snapshot (delta sync)', () =>
    publishedAsDelta(kiosk));
  test('the server killed mid-sync leaves the previous content, and the kiosk recovers when it is back', () =>
    killedMidSync(kiosk));
  test('with the server stopped a reload still shows the kiosk with its images; when it returns the stream reconnects', () =>
    reloadWithServerStopped(kiosk));
  test('the hidden switcher changes the totem mode and its storage, without authentication', () =>
    hiddenSwitcher(kiosk));
  test('idle reader at the end of the idle counter, inactivity warning, and the return to the root after 600 s', () =>
    idleAndInactivity(kiosk));
});

/** The first image of the home slideshow, and an image it does not show yet to put in its place. */
function nextSwap(server: RunningServer) {
  const [first] = zoneElements(server, SLIDESHOW);
  const replacement = imagesNotIn(server, SLIDESHOW)[0];
  if (!first || !replacement) throw new Error('the demo plant has no image left to swap in');
  return { first, replacement };
}

async function publishedChangeAppears(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  const { first, replacement } = nextSwap(server);
  await expect(page.locator(`img[src$="${fileName(first.value)}"]`).first()).toBeAttached();

  setElementValue(server, first.elementid, replacement);
  await publish(server, devidOf(server, DEMO.devname));

  await expect(
    page.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`).first(),
  ).toBeAttached({
    timeout: 15_000,
  });
  await expect(page.locator(`img[src$="${fileName(first.value)}"]`)).toHaveCount(0);
}

/** What a sync asks the server: the delta (delta sync, decision 016) or the whole snapshot. */
const SYNC_REQUEST = /\/display\/(snapshot|changes)\//;

async function publishedAsDelta(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  const { first, replacement } = nextSwap(server);
  await expect(page.locator(`img[src$="${fileName(first.value)}"]`).first()).toBeAttached();
  // The sync of the reload (stream open) is over: what follows is the publish's.
  await waitForSyncDone(page);

  const asked: string[] = [];
  page.on('request', (request) => {
    if (SYNC_REQUEST.test(request.url())) asked.push(new URL(request.url()).pathname);
  });
  const deltaAsked = page.waitForRequest(/\/display\/changes\/\d+\?since=\d+/);
  setElementValue(server, first.elementid, replacement);
  await publish(server, devidOf(server, DEMO.devname));

  await deltaAsked;
  await expect(
    page.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`).first(),
  ).toBeAttached({ timeout: 15_000 });
  await expect(page.getByText('Synchronisation terminée !')).toBeVisible({ timeout: 15_000 });
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((path) => path.includes('/snapshot/'))).toEqual([]);
}

async function killedMidSync(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  // After a reload the slideshow renders its slides as they load: wait for all of them.
  const slides = zoneElements(server, SLIDESHOW).length;
  await expect(page.locator('.home-slideshow img')).toHaveCount(slides);
  const before = { elements: await countLocal(page, 'elements'), slides };
  const { first, replacement } = nextSwap(server);
  setElementValue(server, first.elementid, replacement);

  // The next sync request (the delta since delta sync, or the snapshot) finds the server dead.
  let killed = false;
  await page.route(SYNC_REQUEST, async (route) => {
    if (!killed) {
      killed = true;
      await server.kill();
    }
    await route.abort('connectionrefused');
  });
  const devid = devidOf(server, DEMO.devname);
  // The kiosk asks for the delta as soon as the publish is committed, which can be before the
  // publish call's answer has left the server: then the kill cuts that answer.
  await publish(server, devid).catch((error: unknown) => {
    if (!killed) throw error;
  });
  await expect(page.getByText('La synchronisation a échoué...')).toBeVisible({ timeout: 15_000 });
  expect(killed).toBe(true);

  // Still the old content, locally and on screen.
  expect(await countLocal(page, 'elements')).toBe(before.elements);
  await expect(page.locator(`img[src$="${fileName(first.value)}"]`).first()).toBeAttached();
  expect(await page.locator('.home-slideshow img').count()).toBe(before.slides);

  // The server comes back: the stream reconnects by itself and the sync goes through.
  await page.unroute(SYNC_REQUEST);
  await server.start();
  await expect(
    page.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`).first(),
  ).toBeAttached({
    timeout: 45_000,
  });
}

async function reloadWithServerStopped(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  // The shared kiosk's page is already controlled by the service worker (support/shared-kiosk.ts).
  await freshOnline(kiosk);

  await server.stop();
  await page.reload();
  await expect(page.getByRole('link', { name: /Urgence/ })).toBeVisible();
  await expect(page.getByTestId('connection-indicator')).toContainText('Hors ligne', {
    timeout: 20_000,
  });
  const image = page.locator('.home-slideshow img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);

  // Back online: the ping sees it, the stream reopens, and a publish reaches the kiosk again.
  await server.start();
  await expect(page.getByTestId('connection-indicator')).toContainText('En ligne', {
    timeout: 30_000,
  });
  const { first, replacement } = nextSwap(server);
  setElementValue(server, first.elementid, replacement);
  await publish(server, devidOf(server, DEMO.devname));
  await expect(
    page.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`).first(),
  ).toBeAttached({
    timeout: 30_000,
  });
}

async function hiddenSwitcher(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await freshOnline(kiosk);
  // dblclick sends its two taps back to back: two separate click() calls can land more than
  // 500 ms apart on a loaded machine, which the switcher rightly ignores.
  const area = page.getByRole('button', { name: 'Changer le mode du totem (toucher deux fois)' });

  await area.dblclick();
  const switcher = page.getByRole('dialog', { name: 'Mode du totem' });
  await expect(switcher).toBeVisible();
  await expectAccessible(page, 'mode switcher');
  await switcher.getByRole('button', { name: 'Assemblage' }).click();
  expect(
    await page.evaluate(() => [localStorage.getItem('totem'), localStorage.getItem('parcours')]),
  ).toEqual(['Assemblage', null]);
  await expect(page.getByRole('link', { name: /^Moulage/ })).toHaveCount(0);

  await area.dblclick();
  await page
    .getByRole('dialog', { name: 'Mode du totem' })
    .getByRole('button', { name: 'Annuler' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Mode du totem' })).toHaveCount(0);

  await area.dblclick();
  await page
    .getByRole('dialog', { name: 'Mode du totem' })
    .getByRole('button', { name: 'Visiteur' })
    .click();
  expect(await page.evaluate(() => localStorage.getItem('parcours'))).toBe('visiteur');
  await expect(page).toHaveURL(/#\/accueil\/visiteur/);

  // Two taps too far apart do nothing. The wait is the point of the check: taps at least 600 ms
  // apart (past the switcher's 500 ms window); a loaded machine only makes them further apart.
  await area.click();
  await page.waitForTimeout(600);
  await area.click();
  await expect(page.getByRole('dialog', { name: 'Mode du totem' })).toHaveCount(0);
}

async function idleAndInactivity(kiosk: SharedKiosk) {
  const { page } = kiosk;
  // Installed on the open page, the fake clock takes over the kiosk's timers from the reload on.
  await page.clock.install();
  await freshOnline(kiosk);
  await page.getByRole('link', { name: /HSE/ }).click();
  await expect(page).toHaveURL(/#\/accueil\/hse/);

  // 500 s without a page change or scroll: the Veille reader.
  await page.clock.runFor(501_000);
  const reader = page.getByRole('dialog', { name: 'Veille' });
  await expect(reader).toBeVisible();
  await expect(reader.getByText(/Page 1 \/ \d+/)).toBeVisible();
  await reader.getByRole('button', { name: 'Page suivante' }).click();
  await expect(reader.getByText(/Page 2 \/ \d+/)).toBeVisible();
  await reader.getByRole('button', { name: 'Page précédente' }).click();
  await reader.getByRole('button', { name: 'Page précédente' }).click();
  await expect(reader.getByText(/Page 1 \/ \d+/)).toBeVisible();
  await reader.getByRole('button', { name: 'FERMER' }).click();
  await expect(reader).toHaveCount(0);

  // The taps above were interactions: the 600 s countdown starts again from them.
  await page.clock.runFor(301_000);
  await expect(page.getByRole('dialog', { name: 'Êtes-vous toujours là ?' })).toBeVisible();
  await page.clock.runFor(300_000);
  await expect(page).toHaveURL(/#\/accueil$/);
  await expect(page.getByRole('dialog', { name: 'Êtes-vous toujours là ?' })).toHaveCount(0);
}
