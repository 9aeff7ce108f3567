/**
 * The back-office on a phone (issue 41, item 8), in Debian's Chromium at 390 × 844 with touch: every
 * screen of the back-office's router — login, content, a zone and its element editor, the media
 * library, settings, unpublished changes, history, fleet, journal, alert templates and their
 * editor, the alert page, developments and a development's kiosk accounts, users — is walked as the
 * communication officer or the HSE manager would, one-handed: no screen is wider than the phone
 * (document.scrollingElement.scrollWidth ≤ innerWidth), every visible button, link, field and
 * summary is at least 44 px high and wide, and axe passes. The quick tasks run on the phone: the
 * picker of an image opens and fits, a change is published (the publish dialog fits with its
 * actions in view), the previous revision is rolled back to (its confirmation fits), and an
 * exercise is triggered and ended with the red button (its dialogs fit). The same screens at
 * 1440 × 900 do not overflow either. Failures list every offender of a screen at once.
 *
 * Screenshots at 390 × 844 go to docs/screenshots/admin-phone-*.png with ADMIN_SCREENSHOTS=1.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin } from './support/admin';
import { devidOf, setElementValue, zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MIN_TARGET_PX = 44;
const MENU = 'Menu';

/** A screenshot of the phone layout; no wait for an idle network (the live channels stay open). */
async function capture(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots', `admin-phone-${name}.png`) });
}

/**
 * At a desk the screens keep their look: captured into the test's output folder (not into docs/,
 * whose admin-*.png at 1440 × 900 the other specs make), to be looked at beside those.
 */
async function captureDesk(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: test.info().outputPath(`desk-${name}.png`) });
}

/** What sticks out of the screen sideways: the outermost boxes past its right edge. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = window.innerWidth;
    if (root.scrollWidth <= width) return null;
    const culprits: string[] = [];
    const scrolls = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden';
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      const parent = element.parentElement;
      // Only the first box to escape: its parent still fits (or is the body).
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 0.5)
        continue;
      let inside = false;
      for (let up = parent; up && up !== document.body; up = up.parentElement) {
        if (scrolls(up)) inside = true;
      }
      if (inside) continue;
      const classes = Array.from(element.classList).slice(0, 3).join('.');
      culprits.push(
        `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} (right ${Math.round(box.right)} px)`,
      );
    }
    return { scrollWidth: root.scrollWidth, innerWidth: width, culprits: culprits.slice(0, 12) };
  });
}

/**
 * Tap targets under 44 × 44 px. A checkbox or radio button counts by the label around it (the label
 * is what a finger taps); a link inside a sentence is exempt (WCAG 2.5.8's inline exception), as is
 * what is not rendered (closed details, visually hidden text, a skip link off the top).
 */
async function smallTargets(page: Page, within?: Locator) {
  const scope = within ? await within.elementHandle() : null;
  return page.evaluate(
    ({ root, min }) => {
      const base: ParentNode = root ?? document;
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]';
      const offenders: string[] = [];
      for (const element of Array.from(base.querySelectorAll<HTMLElement>(selector))) {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (element.closest('[aria-hidden="true"], [inert], .visually-hidden')) continue;
        let target: HTMLElement = element;
        if (
          element instanceof HTMLInputElement &&
          (element.type === 'checkbox' || element.type === 'radio')
        ) {
          target = element.closest('label') ?? element.labels?.[0] ?? element;
        }
        const box = target.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (box.bottom + window.scrollY <= 0) continue;
        if (element.tagName === 'A' && style.display === 'inline') {
          const sentence = Array.from(element.parentElement?.childNodes ?? []).some(
            (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
          );
          if (sentence) continue;
        }
        if (box.height < min || box.width < min) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40);
          const classes = Array.from(element.classList).slice(0, 2).join('.');
          offenders.push(
            `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          );
        }
      }
      return offenders;
    },
    { root: scope, min: MIN_TARGET_PX },
  );
}

/** One screen on the phone: fits the width, big targets, axe. Soft, so a run lists everything. */
async function checkPhoneScreen(page: Page, name: string) {
  expect.soft(await horizontalOverflow(page), `${name}: wider than the phone`).toBeNull();
  expect.soft(await smallTargets(page), `${name}: targets under 44 px`).toEqual([]);
  await expectAccessible(page, `${name} (390 × 844)`);
}

/** A dialog fits the viewport, its actions in view and big enough, and axe passes. */
async function checkDialog(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect
    .soft(
      [box.x, box.y, box.x + box.width, box.y + box.height].map(Math.round),
      `${name}: the dialog within the ${viewport.width} × ${viewport.height} viewport`,
    )
    .toEqual([
      Math.max(0, Math.round(box.x)),
      Math.max(0, Math.round(box.y)),
      Math.min(viewport.width, Math.round(box.x + box.width)),
      Math.min(viewport.height, Math.round(box.y + box.height)),
    ]);
  for (const action of await dialog.locator('.dialog-actions button').all()) {
    await expect.soft(action, `${name}: action in view`).toBeInViewport({ ratio: 1 });
  }
  expect
    .soft(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth))
    .toBe(true);
  if (viewport.width < 700) {
    expect.soft(await smallTargets(page, dialog), `${name}: targets under 44 px`).toEqual([]);
  }
  await expectAccessible(page, name);
}

async function openScreen(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The screens every size walks, by address: [name, path after #, h1]. */
function screens(devid: number): [string, string, string | RegExp][] {
  return [
    ['contenu', `/contenu/${devid}`, 'Contenu des totems'],
    ['medias', `/medias/${devid}`, 'Médiathèque'],
    ['reglages', `/reglages/${devid}`, 'Réglages'],
    ['modifications', `/modifications/${devid}`, 'Modifications non publiées'],
    ['historique', `/historique/${devid}`, 'Historique des publications'],
    ['parc', '/parc', 'Parc de totems'],
    ['journal', '/journal', 'Journal des modifications'],
    ['modeles-alerte', `/modeles-alerte/${devid}`, 'Modèles d’alerte'],
    ['alerte', `/alerte/${devid}`, /^(Alerte|Exercice)/],
    ['developpements', '/developpements', 'Développements'],
    ['developpement', `/developpements/${devid}`, /^Comptes des totems/],
    ['utilisateurs', '/utilisateurs', 'Utilisateurs du back-office'],
  ];
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('every back-office screen fits 390 px with 44 px targets; publish, roll back, trigger and end an alert one-handed', async ({
    page,
    ownServer,
  }) => {
    test.setTimeout(420_000);
    const server = await ownServer();
    const devid = devidOf(server, DEMO.devname);
    const admin = `${server.url}/admin/`;

    await test.step('login', async () => {
      await openScreen(page, admin, 'Connexion');
      await checkPhoneScreen(page, 'connexion');
      await capture(page, 'connexion');
      await logInAdmin(page, server);
      await checkPhoneScreen(page, 'contenu');
      await capture(page, 'contenu');
    });

    await test.step('a zone and its element editor; the media picker fits', async () => {
      // The zone list is tapped like any list: it must not cover the rest of the page.
      await page.getByRole('link', { name: new RegExp(`^${MENU}`) }).tap();
      await expect(page.getByRole('heading', { level: 2, name: MENU })).toBeVisible();
      await checkPhoneScreen(page, 'zone');
      await capture(page, 'zone');
      await page.getByRole('button', { name: /^Modifier l’élément 1 / }).tap();
      const editor = page.locator('.language-edit');
      await expect(editor).toBeVisible();
      await checkPhoneScreen(page, 'element');
      await capture(page, 'element');
      await editor
        .getByRole('button', { name: /^Choisir dans la médiathèque/ })
        .first()
        .tap();
      const picker = page.getByRole('dialog', { name: /^Choisir/ });
      await checkDialog(page, picker, 'media picker');
      await capture(page, 'picker');
      await page.keyboard.press('Escape');
      await expect(picker).toHaveCount(0);
    });

    for (const [name, path, heading] of screens(devid)) {
      if (name === 'contenu') continue;
      await test.step(name, async () => {
        await openScreen(page, `${admin}#${path}`, heading);
        await checkPhoneScreen(page, name);
        await capture(page, name);
      });
    }

    await test.step('an alert template in its editor', async () => {
      await openScreen(page, `${admin}#/modeles-alerte/${devid}`, 'Modèles d’alerte');
      await page.getByRole('link', { name: 'Modifier le modèle « Évacuation »' }).tap();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Modèle d’alerte « Évacuation »' }),
      ).toBeVisible();
      await checkPhoneScreen(page, 'modele-alerte');
      await capture(page, 'modele-alerte');
    });

    let published = 0;
    await test.step('publish a change: the dialog fits, its actions in view', async () => {
      // The Menu's image replaced by another of the library, as the element editor saves it.
      const [menu] = zoneElements(server, MENU);
      const other = zoneElements(server, 'Plan du site')[0]!.value;
      setElementValue(server, menu!.elementid, other);
      await openScreen(page, `${admin}#/modifications/${devid}`, 'Modifications non publiées');
      await expect(page.locator('.change').first()).toBeVisible();
      await checkPhoneScreen(page, 'modifications (one change)');
      await capture(page, 'modifications');
      await page.getByRole('button', { name: 'Tout publier…' }).tap();
      const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
      await checkDialog(page, dialog, 'publish dialog');
      await capture(page, 'publier');
      await dialog.getByRole('button', { name: 'Publier', exact: true }).tap();
      const done = dialog.getByText(/^Révision \d+ publiée/);
      await expect(done).toBeVisible();
      published = Number(/^Révision (\d+)/.exec((await done.textContent())!)![1]);
      await checkDialog(page, dialog, 'publish dialog, published');
      await dialog.getByRole('button', { name: 'Fermer' }).tap();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('roll back to the revision before: the confirmation fits', async () => {
      await openScreen(page, `${admin}#/historique/${devid}`, 'Historique des publications');
      const previous = published - 1;
      await checkPhoneScreen(page, 'historique');
      await capture(page, 'historique');
      const button = page.getByRole('button', {
        name: `Revenir à cette version (révision ${previous})`,
      });
      await button.tap();
      const confirm = page.getByRole('dialog', { name: `Revenir à la révision ${previous} ?` });
      await checkDialog(page, confirm, 'rollback confirmation');
      await capture(page, 'retour');
      await confirm.getByRole('button', { name: 'Revenir à cette version' }).tap();
      await expect(
        page.getByRole('status').filter({ hasText: `Révision ${published + 1} publiée` }),
      ).toBeVisible();
    });

    await test.step('the red button: choose, confirm, the alert page, end — every dialog fits', async () => {
      await page.getByRole('button', { name: 'Déclencher une alerte' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Déclencher une alerte' });
      await dialog.getByRole('radio', { name: /^Évacuation/ }).check();
      await dialog.getByRole('radio', { name: /^Exercice/ }).check();
      await checkDialog(page, dialog, 'red button: choose');
      await capture(page, 'alerte-choix');
      await dialog.getByRole('button', { name: 'Continuer' }).tap();
      const confirm = page.getByRole('dialog', { name: 'Confirmer l’exercice' });
      await checkDialog(page, confirm, 'red button: confirm');
      await confirm.getByRole('button', { name: 'Oui, lancer l’exercice' }).tap();
      await expect(page).toHaveURL(new RegExp(`#/alerte/${devid}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Exercice en cours' }),
      ).toBeVisible();
      await checkPhoneScreen(page, 'alerte (exercise in force)');
      await capture(page, 'alerte');
      const band = page.getByRole('region', { name: 'Exercice en cours' });
      await band.getByRole('button', { name: 'Fin d’alerte' }).tap();
      const end = page.getByRole('dialog', { name: 'Terminer l’exercice ?' });
      await checkDialog(page, end, 'red button: end');
      await end.getByRole('button', { name: 'Oui, terminer l’exercice' }).tap();
      await expect(band).toHaveCount(0);
    });
  });
});

test.describe('at a desk', () => {
  test.use({ viewport: DESKTOP, hasTouch: false });

  test('the same screens at 1440 × 900 do not overflow either', async ({ page, server }) => {
    test.setTimeout(180_000);
    const devid = devidOf(server, DEMO.devname);
    const admin = `${server.url}/admin/`;
    await openScreen(page, admin, 'Connexion');
    expect.soft(await horizontalOverflow(page), 'connexion').toBeNull();
    await logInAdmin(page, server);
    await page.getByRole('link', { name: new RegExp(`^${MENU}`) }).click();
    await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
    await expect(page.locator('.language-edit')).toBeVisible();
    expect.soft(await horizontalOverflow(page), 'zone and element').toBeNull();
    for (const [name, path, heading] of screens(devid)) {
      await openScreen(page, `${admin}#${path}`, heading);
      expect.soft(await horizontalOverflow(page), name).toBeNull();
    }
    await openScreen(page, `${admin}#/contenu/${devid}`, 'Contenu des totems');
    await captureDesk(page, 'contenu');
    await page.getByRole('button', { name: 'Publier sur les totems' }).click();
    const publish = page.getByRole('dialog', { name: /^Publier sur les totems de / });
    await checkDialog(page, publish, 'publish dialog at a desk');
    await captureDesk(page, 'publier');
    await publish.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Déclencher une alerte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Déclencher une alerte' });
    await expect(dialog.getByRole('radio', { name: /^Évacuation/ })).toBeVisible();
    await checkDialog(page, dialog, 'red button at a desk');
    await captureDesk(page, 'alerte-choix');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  });
});
