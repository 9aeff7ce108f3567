/**
 * Remote commands, the totem's side (issue 47, part 2): with a kiosk open, the back-office's API
 * (an admin's session) sends it « Identifier » — its name, place and id show in large type, pass
 * axe, and go after KIOSK_IDENTIFY_SECONDS —, « Changer de mode » — the visitor home shows and the
 * mode is stored —, and « Recharger la page » — the document reloads (a marker set on `window`
 * is gone) and the kiosk comes back. Each command is acknowledged « faite » in the back-office's
 * history. The identify overlay is saved at 1080 × 1920 (docs/screenshots/kiosk-identifier.png);
 * and, in the real browser, its stacking is below the emergency takeover's.
 */
import { join } from 'node:path';
import {
  ADMIN_CSRF_HEADER,
  KIOSK_IDENTIFY_SECONDS,
  pathOf,
  type AdminDevelopment,
  type AdminSession,
  type Envelope,
  type KioskCommandBatch,
  type KioskCommandList,
  type KioskCommandRequest,
} from '@plant-kiosk/contract';
import type { APIResponse, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { waitForSyncDone } from './support/kiosk';
import { DEMO, repoRoot } from './support/server';

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** The back-office's API with the page's session (its cookie) and its CSRF token. */
async function sessionApi(page: Page, origin: string) {
  const session = await data<AdminSession>(await page.request.get(`${origin}${pathOf('adminMe')}`));
  const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
  return {
    get: async <T>(path: string) => data<T>(await page.request.get(`${origin}${path}`)),
    put: async <T>(path: string, body: object) =>
      data<T>(await page.request.put(`${origin}${path}`, { headers, data: body })),
    post: async <T>(path: string, body: object) =>
      data<T>(await page.request.post(`${origin}${path}`, { headers, data: body })),
  };
}

test('the back-office identifies a totem, changes its mode and reloads it', async ({
  page,
  browser,
  server,
}) => {
  const { context, kiosk } = await openKioskBeside(browser, server);
  try {
    await logInAdmin(page, server);
    const api = await sessionApi(page, server.url);
    const { devid } = (await api.get<AdminDevelopment[]>(pathOf('adminDevelopments'))).find(
      (row) => row.devname === DEMO.devname,
    )!;
    const kioskId = (await kiosk.evaluate(() => localStorage.getItem('kiosk-id')))!;
    expect(kioskId).toBeTruthy();
    // The kiosk's stream is open (its commands go there at once): the connection chip says so.
    await expect(kiosk.getByTestId('connection-indicator')).toContainText('En ligne');

    await api.put(pathOf('adminKioskProfile', { params: { devid, kioskId } }), {
      name: 'Totem du hall',
      location: 'Hall B, près de l’accueil',
      groups: [],
      note: '',
    });
    const send = async (request: Omit<KioskCommandRequest, 'target'>) => {
      const batch = await api.post<KioskCommandBatch>(
        pathOf('adminSendKioskCommand', { params: { devid } }),
        { ...request, target: { kind: 'kiosk', kioskId } },
      );
      expect(batch.commands).toHaveLength(1);
      return batch.commands[0]!.commandId;
    };
    const stateOf = async (commandId: number) => {
      const list = await api.get<KioskCommandList>(
        pathOf('adminKioskCommands', { params: { devid }, query: { kioskId } }),
      );
      return list.find((command) => command.commandId === commandId)?.state;
    };

    // « Identifier »: the name, the place and the id, in large type, below any takeover.
    const identify = await send({ kind: 'identify' });
    const overlay = kiosk.getByTestId('identify-overlay');
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('Totem du hall');
    await expect(overlay).toContainText('Hall B, près de l’accueil');
    await expect(overlay).toContainText(kioskId);
    await expect(overlay).toContainText('Identification du totem');
    const stacking = await kiosk.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'alert-takeover';
      document.body.append(probe);
      const takeover = Number(getComputedStyle(probe).zIndex);
      probe.remove();
      const own = document.querySelector('[data-testid="identify-overlay"]')!;
      return { takeover, own: Number(getComputedStyle(own).zIndex) };
    });
    expect(stacking.own).toBeLessThan(stacking.takeover);
    await expectAccessible(kiosk, 'the identify overlay');
    await kiosk.screenshot({ path: join(repoRoot, 'docs', 'screenshots', 'kiosk-identifier.png') });
    await expect.poll(() => stateOf(identify)).toBe('done');
    await expect(overlay).toBeHidden({ timeout: (KIOSK_IDENTIFY_SECONDS + 10) * 1000 });

    // « Changer de mode » to the visitor parcours: its home, the mode stored.
    const setMode = await send({ kind: 'set-mode', mode: 'visiteur' });
    await expect(kiosk).toHaveURL(/#\/accueil\/visiteur$/);
    await expect(kiosk.locator('.visitor-home')).toBeVisible();
    expect(await kiosk.evaluate(() => localStorage.getItem('parcours'))).toBe('visiteur');
    await expect.poll(() => stateOf(setMode)).toBe('done');

    // « Recharger la page »: a new document (the marker is gone), the kiosk back on its feet.
    await kiosk.evaluate(() => {
      (window as unknown as { remoteCommandMarker?: boolean }).remoteCommandMarker = true;
    });
    const reload = await send({ kind: 'reload' });
    await expect
      .poll(() =>
        kiosk
          .evaluate(() => 'remoteCommandMarker' in window)
          // The document is being replaced: asked again.
          .catch(() => true),
      )
      .toBe(false);
    await waitForSyncDone(kiosk);
    await expect(kiosk.getByTestId('connection-indicator')).toContainText('En ligne');
    // Still the visitor totem (the mode is stored), at its home.
    await expect(kiosk.locator('.visitor-home')).toBeVisible();
    await expect.poll(() => stateOf(reload)).toBe('done');
  } finally {
    await context.close();
  }
});
