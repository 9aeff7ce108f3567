/**
 * Content-first sync, content first: a sync is done once the records of the new revision are
 * written; the media come after, with their own line in the banner, and a newer revision pre-empts
 * them. The fault of the issue: one image address on a host that never answers held every later
 * publish for the 5 minutes of the media step's time-out.
 *
 * The black hole is a route that never answers (the request hangs, as against a dead host). It
 * is answered at the end, and the media step then completes. Playwright does not route the
 * service worker's own requests (the kiosk's media fetches go through it), so this group's shared
 * kiosk runs without one: unregistered, kept from registering again (it would claim the page at
 * once), and the page reloaded.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Route } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { devidOf, imagesNotIn, setElementValue, zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { waitForSyncDone } from './support/kiosk';
import { DEMO, publish, repoRoot } from './support/server';
import { freshOnline, useSharedKiosk } from './support/shared-kiosk';

const SLIDESHOW = 'Diaporama accueil';
const fileName = (value: string) => value.split('/').pop()!;
/** A media step attempt's time-out (media-prefetch.ts's MEDIA_TIMEOUT_MS). */
const MEDIA_TIMEOUT_MS = 30_000;

test.describe.serial('content first, media after (content-first sync, decision 019)', () => {
  const kiosk = useSharedKiosk();

  test("a black-holed media address no longer delays the next publish's content", async () => {
    const { page, server } = kiosk;
    await page.addInitScript(() => {
      ServiceWorkerContainer.prototype.register = () => new Promise(() => undefined);
    });
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
    });
    await freshOnline(kiosk);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await waitForSyncDone(page);
    const devid = devidOf(server, DEMO.devname);
    const [first, second] = zoneElements(server, SLIDESHOW);
    const banner = page.getByTestId('sync-status-banner');

    // Revision A: a slide on a new address whose host never answers.
    // Beside the demo's own pictures (its upload folder), in their format.
    const blackHoled = `${first!.value.slice(0, first!.value.lastIndexOf('/'))}/black-holed-picture.webp`;
    copyFileSync(join(server.dataDir, first!.value), join(server.dataDir, blackHoled));
    const held: Route[] = [];
    const pattern = `**/${blackHoled}`;
    await page.context().route(pattern, (route) => {
      held.push(route); // never answered while the test holds it
    });
    setElementValue(server, first!.elementid, blackHoled);
    await publish(server, devid);

    // A's content is on screen, said done, while its media step waits on the black hole.
    await expect(
      page.locator(`.home-slideshow img[src$="${fileName(blackHoled)}"]`).first(),
    ).toBeAttached();
    await expect(banner).toHaveAttribute('data-media', 'downloading');
    await expect(banner).toContainText('Synchronisation terminée !');
    await expect(banner).toContainText('Pas encore entièrement disponible hors ligne');
    await expect.poll(() => held.length).toBeGreaterThan(0);

    // Revision B, while A's media still wait: its content shows without waiting for them. The
    // bound is below one attempt's time-out, so this cannot pass by waiting the black hole out.
    const replacement = imagesNotIn(server, SLIDESHOW)[0]!;
    setElementValue(server, second!.elementid, replacement);
    await publish(server, devid);
    await expect(
      page.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`).first(),
    ).toBeAttached({ timeout: MEDIA_TIMEOUT_MS - 5_000 });
    // B's media step carries on from the files cached, and waits on the same black hole.
    await expect(banner).toHaveAttribute('data-media', 'downloading');
    await expect(banner).toContainText(/Contenu à jour — médias : \d+ \/ \d+ en cache/);
    await expect(banner).toContainText('Pas encore entièrement disponible hors ligne');
    await expectAccessible(page, 'sync banner during the media download');
    await page.screenshot({
      path: join(repoRoot, 'docs/screenshots/kiosk-sync-media-progress.png'),
    });

    // The host answers again: the held request (the one B's step waits on) goes through, the
    // media complete, and the banner says that everything is offline.
    await page.context().unroute(pattern);
    for (const route of held) await route.continue().catch(() => undefined); // cancelled ones
    await expect(banner).toHaveAttribute('data-media', 'complete', { timeout: 60_000 });
    await waitForSyncDone(page);
    const cached = await page.evaluate(
      async (wanted) => (await (await caches.open('kiosk-media-v1')).match(wanted)) !== undefined,
      `${server.url}/${blackHoled}`,
    );
    expect(cached).toBe(true);
  });
});
