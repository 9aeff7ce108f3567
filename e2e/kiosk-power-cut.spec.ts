/**
 * A login survives the browser killed right after it (issue 53, power cuts). On a real totem the
 * token reached the disk 37–51 s after the first login (`npm run test:totem`): Chromium keeps
 * localStorage in memory and writes it in batches, so a power cut in that window sent the totem back
 * to the login screen. The kiosk now mirrors its session to IndexedDB with strict durability and
 * takes it back at start when localStorage lost it (apps/kiosk/src/lib/session/durable-session.ts).
 *
 * Here Debian's Chromium runs as a process of the test's own, on a profile directory of its own,
 * and is killed with SIGKILL — nothing flushed, as at a cut — as soon as the durable copy is on
 * disk (what « the login is done » means now); a new Chromium on the same profile opens the kiosk
 * on its home page, not on the login screen. A SIGKILL loses what Chromium held in memory, which
 * is what delayed the token (killed this early, the session was gone from localStorage and came
 * back from the copy: the test says which happened); it does not lose what the system's cache
 * held, which only a real power cut of the machine does — strict durability's fsync is for that,
 * and is not proven here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
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

/** A Chromium of this test's own on `profile`, driven over CDP; its process to kill. */
async function startChromium(
  profile: string,
): Promise<{ process: ChildProcess; browser: Browser }> {
  const portFile = join(profile, 'DevToolsActivePort');
  rmSync(portFile, { force: true });
  const child = spawn(
    CHROMIUM,
    [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    // Its own process group: the kill takes its renderers and helpers too, as a cut does.
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
  return context.pages()[0] ?? (await context.newPage());
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  });
}

/** Whether the session's durable copy is in IndexedDB (read in the page). */
const durableCopy = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('plant-kiosk-session');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sessions')) {
            db.close();
            return resolve(false);
          }
          const count = db.transaction('sessions').objectStore('sessions').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result > 0);
          };
          count.onerror = () => resolve(false);
        };
      }),
  );

test('a login survives Chromium killed right after it: the totem opens on its home page, not the login screen', async ({
  server,
}) => {
  test.setTimeout(240_000);
  const profile = mkdtempSync(join(tmpdir(), 'kiosk-power-cut-'));
  let current: ChildProcess | undefined;
  try {
    const first = await startChromium(profile);
    current = first.process;
    const page = await pageOf(first.browser);
    await page.goto(`${server.url}/`);
    await page.getByPlaceholder('Login').fill(DEMO.login);
    await page.getByPlaceholder('Mot de passe').fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // As soon as the login is durable — the token in localStorage and its copy committed — before
    // Chromium's batch of localStorage reaches the disk (tried here: it had not, the copy brought
    // the session back).
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => localStorage.getItem('jwt-neubourg') !== null)) &&
          (await durableCopy(page)),
        { timeout: 30_000, intervals: [20] },
      )
      .toBe(true);
    // The cut: no clean shutdown, nothing Chromium held in memory reaches the disk.
    await killed(first.process);

    const second = await startChromium(profile);
    current = second.process;
    const after = await pageOf(second.browser);
    const restored: string[] = [];
    after.on('console', (message) => {
      if (message.text().includes('taken back from its durable copy'))
        restored.push(message.text());
    });
    await after.goto(`${server.url}/`);
    await expect(after.getByRole('link', { name: /Urgence/ })).toBeVisible({ timeout: 60_000 });
    await expect(after.getByRole('button', { name: 'Se connecter' })).toHaveCount(0);
    // Whether localStorage had lost it this time depends on Chromium's batching: said, not asserted.
    const how = restored.length > 0 ? 'taken back from the durable copy' : 'still in localStorage';
    test.info().annotations.push({ type: 'session', description: how });
    console.log(`[power-cut] after the kill, the session was ${how}`);
    await second.browser.close().catch(() => undefined);
  } finally {
    if (current) await killed(current);
    // Helpers of a killed Chromium may still be closing their files for a moment.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
