/**
 * What the back-office specs share: the admin's login, a kiosk opened beside the back-office in a
 * context of its own (totem size, touch, French), and the screenshots that ADMIN_SCREENSHOTS=1
 * saves at 1440×900 into docs/screenshots/admin-<name>.png.
 */
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { openKioskLoggedIn } from './kiosk';
import { E2E_ADMIN, repoRoot, type RunningServer } from './server';

const SHOTS = process.env.ADMIN_SCREENSHOTS === '1';

export async function captureAdmin(page: Page, name: string) {
  if (!SHOTS) return;
  // Let thumbnails finish loading so the capture shows the screen as a person sees it.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots', `admin-${name}.png`) });
}

export async function logInAdmin(page: Page, server: RunningServer) {
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('Identifiant').fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Contenu des totems' })).toBeVisible();
}

/**
 * A kiosk logged in and synced, in a context of its own beside the back-office's page (or beside
 * the test's own steps on the server). `clock`: Playwright's clock is installed before the first
 * load, so the kiosk's timers (Veille, inactivity, windows) run when the test says.
 */
export async function openKioskBeside(
  browser: Browser,
  server: RunningServer,
  options: { clock?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const kiosk = await context.newPage();
  if (options.clock) await kiosk.clock.install();
  await openKioskLoggedIn(kiosk, server);
  return { context, kiosk };
}
