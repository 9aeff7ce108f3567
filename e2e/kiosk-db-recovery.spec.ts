/**
 * A local database garbled by a power cut (issue 53, decision 051). A logged-in, synced totem's
 * Chromium is closed; the IndexedDB LevelDB files of its profile are overwritten with garbage, as
 * a cut in the middle of a write can leave them; Chromium starts again on that profile with the
 * content service DOWN. The kiosk must show the built-in « Numéros d’urgence » card — never a
 * blank page — and, once the service is back, take a full snapshot and show its content again.
 *
 * Debian's Chromium runs as a process of the test's own (as in kiosk-power-cut.spec.ts), so that
 * the profile is a directory the test can damage between two runs. What Chromium does with the
 * garbage (fail the open, or delete and recreate the database empty) is its business: the kiosk's
 * check (lib/local-db/db-recovery.ts) handles both, and the test records which one it saw.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { countLocal, openKioskLoggedIn, waitForSyncDone } from './support/kiosk';
import { DEMO } from './support/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--window-size=1080,1920',
];

interface Running {
  process: ChildProcess;
  browser: Browser;
}

/** A Chromium of this test's own on `profile`, driven over CDP. */
async function startChromium(profile: string): Promise<Running> {
  const portFile = join(profile, 'DevToolsActivePort');
  rmSync(portFile, { force: true });
  const child = spawn(
    CHROMIUM,
    [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  await expect.poll(() => existsSync(portFile), { timeout: 60_000 }).toBe(true);
  await expect
    .poll(() => readFileSync(portFile, 'utf8').split('\n')[0]?.trim() ?? '', { timeout: 10_000 })
    .toMatch(/^\d+$/);
  const port = readFileSync(portFile, 'utf8').split('\n')[0]!.trim();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  return { process: child, browser };
}

async function pageOf(browser: Browser): Promise<Page> {
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1080, height: 1920 });
  return page;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/** A clean shutdown (Browser.close): Chromium writes what it holds, as before a cut hours later. */
async function closeChromium(running: Running): Promise<void> {
  const done = exited(running.process);
  const session = await running.browser.newBrowserCDPSession();
  await session.send('Browser.close').catch(() => undefined);
  await done;
}

async function killChromium(child: ChildProcess): Promise<void> {
  const done = exited(child);
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await done;
}

/** Overwrites every file of the origin's IndexedDB LevelDB with garbage; returns their names. */
function garbleIndexedDb(profile: string, port: number): string[] {
  const dir = join(profile, 'Default', 'IndexedDB', `http_127.0.0.1_${port}.indexeddb.leveldb`);
  expect(existsSync(dir), `${dir} exists`).toBe(true);
  const files = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
  for (const name of files) {
    const size = Math.max(statSync(join(dir, name)).size, 512);
    writeFileSync(join(dir, name), randomBytes(size));
  }
  return files;
}

/** The page shows something a person can read (never a blank frame). */
const visibleText = (page: Page) =>
  page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim().length);

test('a local database garbled by a power cut: the emergency numbers card with the service down, never blank, then the content back after a full snapshot', async ({
  ownServer,
}) => {
  test.setTimeout(300_000);
  const server = await ownServer();
  const profile = mkdtempSync(join(tmpdir(), 'kiosk-db-recovery-'));
  let current: ChildProcess | undefined;
  try {
    // ---- a synced totem ----
    const first = await startChromium(profile);
    current = first.process;
    const page = await pageOf(first.browser);
    await openKioskLoggedIn(page, server);
    expect(await countLocal(page, 'zones')).toBeGreaterThan(0);
    // The sync kept its copy of the emergency numbers outside the database.
    const copy = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { images: unknown[] } | null,
      `emergency-fallback-${DEMO.devname}`,
    );
    expect(copy?.images.length ?? 0).toBeGreaterThan(0);
    await closeChromium(first);

    // ---- the cut: garbage where the database was, and no content service at the restart ----
    const garbled = garbleIndexedDb(profile, server.port);
    test.info().annotations.push({ type: 'garbled', description: garbled.join(', ') });
    await server.stop();

    const second = await startChromium(profile);
    current = second.process;
    const after = await pageOf(second.browser);
    const recovery: string[] = [];
    after.on('console', (message) => {
      if (message.text().includes('[db-recovery]')) recovery.push(message.text());
    });
    await after.goto(`${server.url}/`);
    const card = after.getByTestId('emergency-fallback');
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card.getByRole('heading', { name: 'Numéros d’urgence' })).toBeVisible();
    await expect(card.getByRole('status')).toContainText('Copie locale en reconstruction');
    for (const number of ['112', '18', '15'])
      await expect(card.getByText(number, { exact: true })).toBeVisible();
    // The images of the last copy, from the service worker's cache: loaded, not broken.
    const images = card.getByRole('img');
    await expect(images.first()).toBeVisible();
    await expect
      .poll(() =>
        images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    // The staff home around it (logged in: the session was in localStorage).
    await expect(after.getByRole('link', { name: /Urgence/ }).first()).toBeVisible();
    expect(await visibleText(after)).toBeGreaterThan(0);
    await expectAccessible(after, 'staff home with the emergency numbers card');
    await after.screenshot({ path: 'docs/screenshots/kiosk-db-recovery.png' });
    // What Chromium made of the garbage, and what the kiosk did: said, not asserted.
    const how = recovery.length > 0 ? recovery.join(' | ') : 'no [db-recovery] message';
    test.info().annotations.push({ type: 'recovery', description: how });
    console.log(`[db-recovery e2e] ${how}`);

    // The emergency page too: the card where the zone would be, still without the service.
    await after
      .getByRole('link', { name: /Urgence/ })
      .first()
      .click();
    await expect(after.getByTestId('emergency-fallback')).toBeVisible();
    await expectAccessible(after, 'emergency page with the emergency numbers card');
    expect(await visibleText(after)).toBeGreaterThan(0);

    // ---- the service is back: a full snapshot, the content again ----
    await server.start();
    await expect(after.getByTestId('emergency-fallback')).toHaveCount(0, { timeout: 120_000 });
    await waitForSyncDone(after);
    expect(await countLocal(after, 'zones')).toBeGreaterThan(0);
    const numbers = after.getByRole('region', { name: "Numéros d'urgence" });
    await expect(numbers.getByRole('img').first()).toBeVisible();
    await after.goto(`${server.url}/#/accueil`);
    await expect(after.getByRole('link', { name: /Urgence/ }).first()).toBeVisible();
    await expect(after.getByTestId('emergency-fallback')).toHaveCount(0);
    await second.browser.close().catch(() => undefined);
  } finally {
    if (current) await killChromium(current);
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
