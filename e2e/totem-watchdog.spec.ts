/**
 * The totem's watchdog, for real (issue 53, decision 052): deploy/totem/lib/totem-watchdog.mjs
 * starts Debian's Chromium on the kiosk as it does on a totem (DevTools over a pipe), with short
 * check intervals. The test watches the same browser through a DevTools port of its own.
 *
 * 1. The page freezes (an endless loop, injected as a bug would run one): the watchdog finds it
 *    hung, crashes its renderer and opens the kiosk again — the kiosk comes back, logged in — and
 *    the fleet (the back-office's API) says « page rechargée … la page ne répondait plus ».
 * 2. « Redémarrer le navigateur » from the back-office: the page hands it to the watchdog, which
 *    answers, waits for the acknowledgement and restarts Chromium (a new browser process): the
 *    command is « faite » and the kiosk is back.
 * 3. « Éteindre l'écran » on a totem whose watchdog has no screen control (`--screen none`, as
 *    here: no X display) is acknowledged failed, saying so — never « faite » for nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_CSRF_HEADER,
  pathOf,
  type AdminDevelopment,
  type AdminSession,
  type Envelope,
  type KioskCommandBatch,
  type KioskCommandList,
  type KioskStatus,
} from '@plant-kiosk/contract';
import { chromium, type APIResponse, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WATCHDOG = join(repoRoot, 'deploy', 'totem', 'lib', 'totem-watchdog.mjs');
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
  // The test's own window on the browser; the watchdog keeps its pipe.
  '--remote-debugging-port=0',
];

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** Connects to whichever Chromium the watchdog runs now (its DevToolsActivePort). */
async function connect(
  profile: string,
  notPort?: string,
): Promise<{ browser: Browser; port: string }> {
  const portFile = join(profile, 'DevToolsActivePort');
  let port = '';
  await expect
    .poll(
      () => {
        port = existsSync(portFile)
          ? (readFileSync(portFile, 'utf8').split('\n')[0]?.trim() ?? '')
          : '';
        return /^\d+$/.test(port) && port !== notPort;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  return { browser, port };
}

/** The kiosk's page in that browser (the watchdog may have opened a new one). */
async function kioskPage(browser: Browser, origin: string): Promise<Page> {
  let found: Page | undefined;
  await expect
    .poll(
      () => {
        found = browser
          .contexts()
          .flatMap((context) => context.pages())
          .find((page) => page.url().startsWith(origin));
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

test('the watchdog brings a frozen page back, restarts the browser on command, and says so', async ({
  page,
  server,
}) => {
  test.setTimeout(300_000);
  const profile = mkdtempSync(join(tmpdir(), 'totem-watchdog-'));
  const state = mkdtempSync(join(tmpdir(), 'totem-watchdog-state-'));
  const log: string[] = [];
  let watchdog: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    watchdog = spawn(
      process.execPath,
      [
        WATCHDOG,
        `--url=${server.url}/`,
        `--state-dir=${state}`,
        '--interval-ms=2000',
        '--hung-ms=3000',
        '--screen=none',
        `--reboot-file=${join(state, 'reboot-request')}`,
        '--',
        CHROMIUM,
        ...FLAGS,
        `--user-data-dir=${profile}`,
        `${server.url}/`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const collect = (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean));
    watchdog.stdout?.on('data', collect);
    watchdog.stderr?.on('data', collect);

    let connected = await connect(profile);
    browser = connected.browser;
    let kiosk = await kioskPage(browser, server.url);
    await kiosk.getByPlaceholder('Login').fill(DEMO.login);
    await kiosk.getByPlaceholder('Mot de passe').fill(DEMO.password);
    await kiosk.getByRole('button', { name: 'Se connecter' }).click();
    await expect(kiosk.getByRole('link', { name: /Urgence/ })).toBeVisible({ timeout: 90_000 });
    const kioskId = (await kiosk.evaluate(() => localStorage.getItem('kiosk-id')))!;
    expect(kioskId).toBeTruthy();

    await logInAdmin(page, server);
    const session = await data<AdminSession>(
      await page.request.get(`${server.url}${pathOf('adminMe')}`),
    );
    const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
    const { devid } = (
      await data<AdminDevelopment[]>(
        await page.request.get(`${server.url}${pathOf('adminDevelopments')}`),
      )
    ).find((row) => row.devname === DEMO.devname)!;
    const fleetEntry = async () =>
      (
        await data<KioskStatus[]>(
          await page.request.get(`${server.url}${pathOf('adminFleet', { query: { devid } })}`),
        )
      ).find((row) => row.kioskId === kioskId);
    // The heartbeat says a watchdog looks after this totem.
    await expect
      .poll(async () => (await fleetEntry())?.watchdog?.attached, { timeout: 120_000 })
      .toBe(true);

    // 1. Frozen: an endless loop on the page's main thread.
    await kiosk.evaluate(() => {
      (window as unknown as { frozenMarker?: boolean }).frozenMarker = true;
      setTimeout(() => {
        for (;;) {
          // A bug that never returns.
        }
      }, 0);
    });
    await expect
      .poll(async () => (await fleetEntry())?.watchdog?.lastEvent ?? null, { timeout: 180_000 })
      .toMatchObject({ action: 'reload', reason: 'hung' });
    expect(log.some((line) => line.includes('page hung: reload'))).toBe(true);
    kiosk = await kioskPage(browser, server.url);
    await expect(kiosk.getByRole('link', { name: /Urgence/ })).toBeVisible({ timeout: 90_000 });
    expect(await kiosk.evaluate(() => 'frozenMarker' in window)).toBe(false);

    // 2. « Redémarrer le navigateur » from the back-office.
    const send = async (kind: 'restart-browser' | 'screen-off') => {
      const batch = await data<KioskCommandBatch>(
        await page.request.post(
          `${server.url}${pathOf('adminSendKioskCommand', { params: { devid } })}`,
          {
            headers,
            data: { kind, target: { kind: 'kiosk', kioskId } },
          },
        ),
      );
      return batch.commands[0]!.commandId;
    };
    const commandOf = async (commandId: number) =>
      (
        await data<KioskCommandList>(
          await page.request.get(
            `${server.url}${pathOf('adminKioskCommands', { params: { devid }, query: { kioskId } })}`,
          ),
        )
      ).find((command) => command.commandId === commandId);
    const restart = await send('restart-browser');
    await expect
      .poll(async () => (await commandOf(restart))?.state, { timeout: 120_000 })
      .toBe('done');
    await browser.close().catch(() => undefined);
    connected = await connect(profile, connected.port);
    browser = connected.browser;
    kiosk = await kioskPage(browser, server.url);
    await expect(kiosk.getByRole('link', { name: /Urgence/ })).toBeVisible({ timeout: 90_000 });
    expect(log.filter((line) => line.includes('starting')).length).toBeGreaterThanOrEqual(2);

    // 3. No screen control here: « Éteindre l'écran » fails, saying why.
    const screenOff = await send('screen-off');
    await expect
      .poll(async () => (await commandOf(screenOff))?.state, { timeout: 120_000 })
      .toBe('failed');
    expect((await commandOf(screenOff))?.reason).toContain('pas de commande d’écran');
    // And the fleet page says so of the screen itself, at a heartbeat.
    await expect
      .poll(async () => (await fleetEntry())?.watchdog?.screen, { timeout: 180_000 })
      .toEqual({ state: 'refused', reason: 'pas de commande d’écran sur ce totem' });
    // The fleet page's card, as the plant's IT reads it.
    await page.getByRole('link', { name: 'Parc de totems' }).click();
    // This totem's card (the worker's server may know others): its short id is on it.
    const card = page.getByTestId('fleet-card').filter({ hasText: kioskId.slice(0, 8) });
    await expect(
      card.getByText('ne se laisse pas éteindre : pas de commande d’écran sur ce totem'),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      card.getByText(/^Page rechargée par le chien de garde à .* \(la page ne répondait plus\)$/),
    ).toBeVisible();
    await expectAccessible(page, 'fleet: a totem’s watchdog and screen');
    await page.screenshot({
      path: join(repoRoot, 'docs', 'screenshots', 'admin-parc-chien-de-garde.png'),
      timeout: 60_000,
    });
  } finally {
    await browser?.close().catch(() => undefined);
    if (watchdog && watchdog.exitCode === null) {
      const exited = new Promise((resolve) => watchdog!.once('exit', resolve));
      watchdog.kill('SIGTERM');
      await exited;
    }
    // The watchdog's own journal (Chromium's stderr noise left out).
    console.log(log.filter((line) => line.includes('totem-watchdog:')).join('\n'));
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    rmSync(state, { recursive: true, force: true });
  }
});
