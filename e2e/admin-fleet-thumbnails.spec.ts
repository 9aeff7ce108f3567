/**
 * Thumbnails the totem draws itself (issue 48, part 3; decision 043): with a totem open beside the
 * back-office on its visitors' page, « Prendre une vignette maintenant » on the totem's page sends
 * it a `thumbnail` command; within seconds the picture arrives, says which page and revision it
 * shows, and looks like that page: compared with a screenshot of the totem, cell by cell, at a
 * small size. The fleet grid then leads the totem's card with it. Both pages pass axe. With
 * ADMIN_SCREENSHOTS=1 the grid and the totem page are saved at 1080 × 1920
 * (docs/screenshots/admin-parc-vignettes.png, admin-totem-vignettes.png).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/server';

test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: false, locale: 'fr-FR' });

async function capture(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS !== '1') return;
  // No wait for an idle network: the fleet's live channel stays open.
  await page.screenshot({
    path: join(repoRoot, 'docs', 'screenshots', `admin-${name}.png`),
    timeout: 60_000,
  });
}

/**
 * How far apart two pictures are: both drawn on a 27 × 48 canvas (a cell per 40 × 40 pixels of the
 * totem), the mean difference of their cells' colours (0–255), and how much the first one varies
 * (its cells' standard deviation: a blank or black picture does not).
 */
async function compare(page: Page, thumbnailSrc: string, screenshot: Buffer) {
  return page.evaluate(
    async ({ src, png }) => {
      const load = (url: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = () => reject(new Error(`cannot read ${url.slice(0, 40)}`));
          image.src = url;
        });
      const cells = (image: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = 27;
        canvas.height = 48;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, 27, 48);
        return context.getImageData(0, 0, 27, 48).data;
      };
      const a = cells(await load(src));
      const b = cells(await load(`data:image/png;base64,${png}`));
      let difference = 0;
      let sum = 0;
      let squares = 0;
      let count = 0;
      for (let i = 0; i < a.length; i += 4) {
        for (let channel = 0; channel < 3; channel += 1) {
          difference += Math.abs(a[i + channel]! - b[i + channel]!);
          sum += a[i + channel]!;
          squares += a[i + channel]! ** 2;
          count += 1;
        }
      }
      const mean = sum / count;
      return { difference: difference / count, spread: Math.sqrt(squares / count - mean * mean) };
    },
    { src: thumbnailSrc, png: screenshot.toString('base64') },
  );
}

test('a thumbnail asked for from the back-office shows the page the totem is on', async ({
  page,
  browser,
  ownServer,
}) => {
  const server = await ownServer();
  const { context, kiosk } = await openKioskBeside(browser, server);
  await kiosk.getByRole('link', { name: /Espace visiteurs/ }).click();
  await expect(kiosk).toHaveURL(/#\/accueil\/visiteur\/?$/);

  await logInAdmin(page, server);
  await page.getByRole('link', { name: 'Parc de totems' }).click();
  await expect(page.getByText('● En direct')).toBeVisible();
  const card = page.getByTestId('fleet-card').first();
  await expect(card.getByText('En ligne')).toBeVisible({ timeout: 15_000 });
  const shortId = ((await card.locator('.mono').textContent()) ?? '').trim();

  await card.getByRole('link', { name: `Sans nom ${shortId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Totem ${shortId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Prendre une vignette maintenant' }).click();

  // The picture arrives (the command's answer), named after the page the totem shows.
  const picture = page.getByRole('img', {
    name: /^Vignette de .+ : \/accueil\/visiteur\/?, révision \d+/,
  });
  await expect(picture.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Vignette demandée : faite/)).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'the totem’s page with its thumbnails');
  await capture(page, 'totem-vignettes');

  // It looks like the totem's screen: close to a screenshot of it, and not a blank picture.
  const src = await picture.first().getAttribute('src');
  expect(src).toBeTruthy();
  const screenshot = await kiosk.screenshot();
  const { difference, spread } = await compare(page, src!, screenshot);
  expect(spread, 'the thumbnail is not one flat colour').toBeGreaterThan(8);
  expect(difference, 'the thumbnail looks like the totem’s screen').toBeLessThan(25);

  // The fleet grid leads the totem's card with it.
  await page.getByRole('link', { name: '← Parc de totems' }).click();
  await expect(
    page
      .getByTestId('fleet-card')
      .first()
      .getByRole('img', { name: /^Vignette de / }),
  ).toBeVisible();
  await expectAccessible(page, 'fleet: the grid with a thumbnail');
  await capture(page, 'parc-vignettes');

  await context.close();
});
