/**
 * The totem's display modes (issue 52, part 2; decision 049) on every route of the kiosk, in
 * Debian's Chromium at 1080 × 1920: reach mode, larger text, higher contrast.
 *
 * Each mode is turned on by its toggle in the « Accessibilité » panel, then every route is opened
 * by its hash (as a tap would: the modes live in memory, a reload ends them) and measured:
 * - reach mode: every control a finger can see and tap lies below the reach line (`belowTheLine`);
 * - larger text: no text is cut off or overlaps another (`cutOrOverlappingText`, explained there),
 *   and the shared text-overflow check of the totem-size screen fixes;
 * - higher contrast: axe with `color-contrast-enhanced` (WCAG AAA, 7:1);
 * - in every mode: axe (serious and critical) and tap targets of 44 × 44 px at least.
 * A route's failures are collected, so one run names every offender of every route.
 *
 * Then: a reload ends the modes, and the inactivity countdown reaching 0 ends them — on a page
 * (the return to the root) and on the home page, where the return itself does nothing. Those tests
 * come last: Playwright's clock stays installed on the shared page.
 *
 * An emergency alert is never hidden nor moved by a mode: with all three on, its takeover covers
 * the whole screen, above the reach layout, and passes axe (own server: the alert API's token).
 *
 * Screenshots: docs/screenshots/kiosk-reach-mode.png, kiosk-larger-text.png,
 * kiosk-high-contrast.png.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { devidOf } from './support/content';
import { expect, test } from './support/fixtures';
import { overflowingText, smallTapTargets } from './support/layout';
import { openKioskLoggedIn } from './support/kiosk';
import { DEMO, repoRoot } from './support/server';
import { freshOnline, useSharedKiosk, type SharedKiosk } from './support/shared-kiosk';

/** The reach line of issue 52: 1220 mm above the floor on a 1080 × 1920 totem (700–1900 mm). */
const REACH_LINE_Y = 1090;

/** Every route of the kiosk a staff totem opens (app/routes.tsx, staff-pages/staff-routes.tsx). */
const STAFF_ROUTES = [
  '/accueil',
  '/accueil/groupe',
  '/accueil/siteNeubourg',
  '/accueil/nosClientsNosProduits',
  '/accueil/informations',
  '/accueil/hse',
  '/accueil/moulage',
  '/accueil/qualite',
  '/accueil/autresInformations',
  '/accueil/urgence',
  '/accueil/formulaire',
  '/accueil/projets',
  '/accueil/projets/archives',
  '/demo/composants',
] as const;

/** The visitor home and its pages (visitor-pages/visitor-paths.ts), in French and in English. */
const VISITOR_ROUTES = [
  '/accueil/visiteur',
  '/accueil/visiteur/groupe',
  '/accueil/visiteur/siteNeubourg',
  '/accueil/visiteur/gamme',
  '/accueil/visiteur/hse',
  '/accueil/visiteur/qualite',
  '/accueil/visiteur/environnement',
  '/accueil/visiteur/urgence',
] as const;

/**
 * What a route draws last, from its local data, once its page is up: measured before, the demo's
 * magazine carousel holds captions without their covers, right under its arrows.
 */
const DRAWN_LAST: Record<string, string> = {
  '/demo/composants': '.viewers-demo__cover img',
};

type Mode = 'reach' | 'largeText' | 'highContrast';
const MODE_NAMES: Record<Mode, { fr: string; en: string }> = {
  reach: { fr: 'Mode accessible en fauteuil', en: 'Reach mode' },
  largeText: { fr: 'Texte agrandi', en: 'Larger text' },
  highContrast: { fr: 'Contraste renforcé', en: 'Higher contrast' },
};
const HTML_ATTRIBUTE: Record<Mode, [string, string]> = {
  reach: ['data-reach', ''],
  largeText: ['data-text', 'large'],
  highContrast: ['data-contrast', 'high'],
};

type Language = 'fr' | 'en';
const PANEL = { fr: 'Accessibilité', en: 'Accessibility' } as const;
const CLOSE = { fr: 'Fermer', en: 'Close' } as const;

const content = (page: Page) => page.locator('main#contenu');

/** Turns a mode on by its toggle in the panel, and closes the panel. */
async function turnOn(page: Page, mode: Mode, language: Language = 'fr') {
  await page.getByRole('button', { name: PANEL[language], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: PANEL[language] });
  const toggle = dialog.getByRole('button', { name: new RegExp(`^${MODE_NAMES[mode][language]}`) });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The panel is within reach in every mode (with larger text its list scrolls).
  expect(await aboveTheLine(page, REACH_LINE_Y, '[role="dialog"]')).toEqual([]);
  const [name, value] = HTML_ATTRIBUTE[mode];
  await expect(page.locator('html')).toHaveAttribute(name, value);
  await dialog.getByRole('button', { name: CLOSE[language], exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function expectNoMode(page: Page) {
  for (const [name] of Object.values(HTML_ATTRIBUTE)) {
    await expect(page.locator('html')).not.toHaveAttribute(name, /.*/);
  }
}

/** Opens a route by its hash and waits until its page is drawn: title, content, pictures in view. */
async function openRoute(page: Page, path: string, language: Language) {
  await page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/\//g, '\\/')}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(content(page).locator('.page-loader')).toHaveCount(0);
  await expect(content(page).locator('> *').first()).toBeVisible();
  // Its zones read from the local database: a page mounts its sections, then their galleries
  // (« Chargement… » first), then their pictures. Waited for: the content's tree at rest (no
  // element added or removed, no text changed, for half a second: the end of that cascade — a
  // carousel's autoplay only changes attributes), and no « Chargement… » / « Loading… » left.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const main = document.getElementById('contenu')!;
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 500);
        });
        let timer = setTimeout(done, 500);
        function done() {
          observer.disconnect();
          resolve();
        }
        observer.observe(main, { childList: true, subtree: true, characterData: true });
      }),
  );
  await expect(content(page).locator('.zone-gallery__loading')).toHaveCount(0);
  const last = DRAWN_LAST[path];
  if (last) await expect(content(page).locator(last).first()).toBeAttached();
  // Every picture drawn, the lazy ones too (a picture drawn later, once scrolled to, would move
  // what is measured: an unloaded cover is a button 6 px high), and the fonts.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await document.fonts.ready;
          const images = Array.from(document.querySelectorAll('img'));
          for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
          return images.every((image) => image.complete);
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
  // Let the layout settle after the last picture (two frames: resize observers, fitted labels).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Reach mode's rule, measured in the page: every control a person can see and tap — a button, a
 * link, a form field, a `role="button"` or anything in the tab order (`tabindex` ≥ 0) — that is
 * rendered, visible (not hidden, not transparent), enabled and not inert, has the top of its
 * visible part at or below the line. Its visible part is its box cut by the screen and by every
 * ancestor that clips (a scrolling content area, a carousel's viewport): a control scrolled out of
 * the content area is not on screen, and the content area itself starts below the line.
 */
async function aboveTheLine(page: Page, line: number, within = 'html'): Promise<string[]> {
  return page.evaluate(
    ([lineY, root]) => {
      const selector =
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [tabindex]';
      const offenders: string[] = [];
      const scope = document.querySelector(root)!;
      for (const element of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
        const tabindex = element.getAttribute('tabindex');
        if (tabindex !== null && Number(tabindex) < 0 && !element.matches('button, a[href], input'))
          continue;
        if (element.closest('[inert]')) continue;
        if ((element as HTMLButtonElement).disabled || element.ariaDisabled === 'true') continue;
        if (
          !element.checkVisibility({
            opacityProperty: true,
            visibilityProperty: true,
            contentVisibilityAuto: true,
          })
        )
          continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        let top = Math.max(box.top, 0);
        let bottom = Math.min(box.bottom, window.innerHeight);
        let left = Math.max(box.left, 0);
        let right = Math.min(box.right, window.innerWidth);
        for (let up = element.parentElement; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clip = up.getBoundingClientRect();
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (bottom - top <= 1 || right - left <= 1) continue;
        if (top < lineY - 0.5) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40);
          const classes = Array.from(element.classList).slice(0, 2).join('.');
          offenders.push(
            `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} « ${name} » at y = ${Math.round(top)}`,
          );
        }
      }
      return offenders;
    },
    [line, within] as const,
  );
}

/**
 * Larger text's rule, measured in the page on every visible line of text (a text node's line
 * boxes, `Range.getClientRects`), skipping screen-reader-only text (`.visually-hidden`) and the
 * home's news ticker (`.marquee`, a line that scrolls through its box by design). A line's box is
 * the font's content area (ascent + descent: 1.16 em in DejaVu Sans), taller than its letters and
 * than a line-height under 1.2, so it is taken 1 em high about its middle: otherwise two lines of
 * a tight heading would "overlap" while their letters do not.
 * - cut off: a line partly outside an ancestor that clips (`overflow` hidden or clip — an ellipsis
 *   included) below any scroll container. Wholly outside is a slide or copy kept out of view on
 *   purpose (a carousel's viewport), except past the frame itself (`.app-frame`, the screen):
 *   nothing may be pushed off the screen. A scroll container ends the search: what it hides is
 *   reached by scrolling;
 * - overlapping: the visible parts (cut by the clipping and scrolling ancestors) of two lines of
 *   different text nodes cover each other by more than 2 px each way: letters over letters.
 */
async function cutOrOverlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const offenders: string[] = [];
    const describe = (node: Node) => {
      const parent = node.parentElement!;
      const classes = Array.from(parent.classList).slice(0, 2).join('.');
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${parent.tagName.toLowerCase()}${classes ? `.${classes}` : ''} « ${text} »`;
    };
    interface Box {
      top: number;
      bottom: number;
      left: number;
      right: number;
    }
    const lines: { node: Node; box: Box }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest('.visually-hidden, .marquee, script, style, noscript')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const fontSize = parseFloat(getComputedStyle(parent).fontSize);
      const range = document.createRange();
      range.selectNodeContents(node);
      let cut = false;
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width <= 1 || rect.height <= 1) continue;
        const trim = Math.max(0, (rect.height - fontSize) / 2);
        const line = {
          top: rect.top + trim,
          bottom: rect.bottom - trim,
          left: rect.left,
          right: rect.right,
        };
        const visible = { ...line };
        let shown = true;
        let scrolled = false;
        for (let up: HTMLElement | null = parent; up && shown; up = up.parentElement) {
          const style = getComputedStyle(up);
          const values = [style.overflowX, style.overflowY];
          const scrolls = values.some((value) => value === 'auto' || value === 'scroll');
          const clips = scrolls || values.some((value) => value === 'hidden' || value === 'clip');
          if (!clips) continue;
          const box = up.getBoundingClientRect();
          const outside =
            line.right <= box.left ||
            line.left >= box.right ||
            line.bottom <= box.top ||
            line.top >= box.bottom;
          const inside =
            line.left >= box.left - 1 &&
            line.right <= box.right + 1 &&
            line.top >= box.top - 1 &&
            line.bottom <= box.bottom + 1;
          if (!scrolled && !scrolls && !inside) {
            if (!outside || up.classList.contains('app-frame')) cut = true;
          }
          if (outside) shown = false;
          visible.top = Math.max(visible.top, box.top);
          visible.bottom = Math.min(visible.bottom, box.bottom);
          visible.left = Math.max(visible.left, box.left);
          visible.right = Math.min(visible.right, box.right);
          if (scrolls) scrolled = true;
        }
        if (shown && visible.bottom > visible.top && visible.right > visible.left) {
          lines.push({ node, box: visible });
        }
      }
      if (cut) offenders.push(`cut off: ${describe(node)}`);
    }
    for (let i = 0; i < lines.length; i++) {
      for (let j = i + 1; j < lines.length; j++) {
        const a = lines[i]!;
        const b = lines[j]!;
        if (a.node === b.node) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 2 && y > 2) offenders.push(`overlap: ${describe(a.node)} × ${describe(b.node)}`);
      }
    }
    return [...new Set(offenders)];
  });
}

/** What a route breaks in a mode (empty when it keeps every rule). */
async function routeFailures(page: Page, mode: Mode, path: string): Promise<string[]> {
  const failures: string[] = [];
  const record = (what: string, list: string[]) => {
    if (list.length > 0) failures.push(`${path} — ${what}:\n    ${list.join('\n    ')}`);
  };
  if (mode === 'reach')
    record('controls above the reach line', await aboveTheLine(page, REACH_LINE_Y));
  if (mode === 'largeText') {
    record('text cut off or overlapping', await cutOrOverlappingText(page));
    record(
      'text out of its box',
      (await overflowingText(page)).map((offender) => offender.what),
    );
  }
  record(
    'tap targets under 44 × 44 px',
    (await smallTapTargets(page)).map((o) => `${o.what} ${o.width} × ${o.height}`),
  );
  try {
    await expectAccessible(page, `${path} (${mode})`, {
      enhancedContrast: mode === 'highContrast',
    });
  } catch (error) {
    record('axe', [(error as Error).message.split('\n').slice(0, 40).join('\n    ')]);
  }
  return failures;
}

/** A mode on every route of a list, from a fresh start; the language is chosen on the visitor home. */
async function everyRoute(
  kiosk: SharedKiosk,
  mode: Mode,
  routes: readonly string[],
  language: Language = 'fr',
  screenshot?: { path: string; file: string },
) {
  const { page } = kiosk;
  test.setTimeout(600_000);
  await freshOnline(kiosk, routes[0]);
  // The sync banner of the start covers the footer for its 3 s: measured without it.
  await expect(page.getByText('Synchronisation terminée !')).toBeHidden({ timeout: 15_000 });
  if (language === 'en') await page.getByRole('button', { name: /English/ }).click();
  await turnOn(page, mode, language);
  const failures: string[] = [];
  for (const path of routes) {
    await openRoute(page, path, language);
    // Still on: a navigation never ends a mode.
    const [name, value] = HTML_ATTRIBUTE[mode];
    await expect(page.locator('html')).toHaveAttribute(name, value);
    const found = await routeFailures(page, mode, path);
    failures.push(...found);
    // A failure's screen, to see what the measures name (test-results/e2e).
    if (found.length > 0) {
      await test.info().attach(`${mode} ${path}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
    }
    if (screenshot?.path === path) {
      await page.screenshot({ path: join(repoRoot, 'docs/screenshots', screenshot.file) });
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

async function reloadEndsTheModes(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await freshOnline(kiosk, '/accueil/hse');
  for (const mode of ['reach', 'largeText', 'highContrast'] as const) await turnOn(page, mode);
  await page.reload();
  await expect(content(page).locator('> *').first()).toBeVisible();
  await expectNoMode(page);
  // And the panel says so.
  await page.getByRole('button', { name: 'Accessibilité', exact: true }).click();
  for (const mode of ['reach', 'largeText', 'highContrast'] as const) {
    await expect(
      page.getByRole('button', { name: new RegExp(`^${MODE_NAMES[mode].fr}`) }),
    ).toHaveAttribute('aria-pressed', 'false');
  }
}

async function inactivityEndsTheModes(kiosk: SharedKiosk) {
  const { page } = kiosk;
  // Installed on the open page, the fake clock takes over the kiosk's timers from the reload on.
  await page.clock.install();

  // The home page of a visitor totem: the first level, where the return itself does nothing.
  await page.evaluate(() => localStorage.setItem('parcours', 'visiteur'));
  await freshOnline(kiosk, '/accueil');
  for (const mode of ['reach', 'largeText', 'highContrast'] as const) await turnOn(page, mode);
  await page.clock.runFor(601_000);
  await expectNoMode(page);
  await expect(page).toHaveURL(/#\/accueil$/);

  // A page, one level down: the return to the root ends them (and its reload).
  await page.evaluate(() => localStorage.removeItem('parcours'));
  await freshOnline(kiosk, '/accueil/hse');
  for (const mode of ['reach', 'largeText', 'highContrast'] as const) await turnOn(page, mode);
  await page.clock.runFor(601_000);
  await expect(page).toHaveURL(/#\/accueil$/);
  await expect(page.getByRole('link', { name: /HSE/ }).first()).toBeVisible();
  await expectNoMode(page);
}

test.describe('accessibility modes on every route (issue 52, part 2)', () => {
  const kiosk = useSharedKiosk();

  test('reach mode: staff routes', () =>
    everyRoute(kiosk, 'reach', STAFF_ROUTES, 'fr', {
      path: '/accueil/hse',
      file: 'kiosk-reach-mode.png',
    }));
  test('reach mode: a page’s popup opens below the line', async () => {
    const { page } = kiosk;
    await freshOnline(kiosk, '/accueil/nosClientsNosProduits');
    await turnOn(page, 'reach');
    await content(page).locator('.product-tile').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.y).toBeGreaterThanOrEqual(REACH_LINE_Y);
    expect(await aboveTheLine(page, REACH_LINE_Y)).toEqual([]);
    await expectAccessible(page, 'product popup in reach mode');
  });
  test('reach mode: visitor routes in French', () => everyRoute(kiosk, 'reach', VISITOR_ROUTES));
  test('reach mode: visitor routes in English', () =>
    everyRoute(kiosk, 'reach', VISITOR_ROUTES, 'en'));

  test('larger text: staff routes', () =>
    everyRoute(kiosk, 'largeText', STAFF_ROUTES, 'fr', {
      path: '/accueil/hse',
      file: 'kiosk-larger-text.png',
    }));
  test('larger text: visitor routes in French', () =>
    everyRoute(kiosk, 'largeText', VISITOR_ROUTES));
  test('larger text: visitor routes in English', () =>
    everyRoute(kiosk, 'largeText', VISITOR_ROUTES, 'en'));

  // The AAA check is live: a line of the default palette's --bleu-fonce on white (6.1:1, 16 px)
  // passes axe's AA rule and fails the 7:1 one. Most of the kiosk's text is large (24 px and
  // more), for which AAA asks 4.5:1 only, so a probe of normal size is what proves the rule runs.
  test('the 7:1 check bites: 6.1:1 text fails it', async () => {
    const { page } = kiosk;
    await freshOnline(kiosk, '/accueil');
    await expect(content(page).locator('> *').first()).toBeVisible();
    await content(page).evaluate((main) => {
      const probe = document.createElement('p');
      probe.id = 'contrast-probe';
      probe.textContent = 'Texte de contrôle du contraste';
      // Through the CSSOM: the server's CSP refuses style attributes written as text.
      Object.assign(probe.style, {
        color: '#3f6680',
        background: '#ffffff',
        fontSize: '16px',
        margin: '0',
      });
      main.prepend(probe);
    });
    await expectAccessible(page, 'AA only');
    await expect(expectAccessible(page, 'with 7:1', { enhancedContrast: true })).rejects.toThrow(
      /color-contrast-enhanced[\s\S]*contrast-probe/,
    );
    await page.locator('#contrast-probe').evaluate((probe) => probe.remove());
  });
  test('higher contrast: staff routes', () =>
    everyRoute(kiosk, 'highContrast', STAFF_ROUTES, 'fr', {
      path: '/accueil',
      file: 'kiosk-high-contrast.png',
    }));
  test('higher contrast: visitor routes in French', () =>
    everyRoute(kiosk, 'highContrast', VISITOR_ROUTES));
  test('higher contrast: visitor routes in English', () =>
    everyRoute(kiosk, 'highContrast', VISITOR_ROUTES, 'en'));

  test('a reload ends every mode', () => reloadEndsTheModes(kiosk));
  // Last: it leaves Playwright's clock installed on the shared page.
  test('the inactivity countdown reaching 0 ends every mode, home page included', () =>
    inactivityEndsTheModes(kiosk));
});

const ALERT_TOKEN = 'e2e-only-alert-token-0123456789';

test('an emergency alert takes over the whole screen whatever the modes', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(300_000);
  const server = await ownServer({ env: { ALERT_TOKEN } });
  await openKioskLoggedIn(page, server);
  await page.goto(`${server.url}/#/accueil/hse`);
  await expect(content(page).locator('> *').first()).toBeVisible();
  for (const mode of ['reach', 'largeText', 'highContrast'] as const) await turnOn(page, mode);
  const answer = await fetch(`${server.url}/api/alerts/${devidOf(server, DEMO.devname)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ALERT_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ template: 'Évacuation' }),
  });
  expect(answer.status).toBe(200);
  const takeover = page.getByTestId('emergency-alert');
  await expect(page.getByRole('alertdialog')).toContainText('Évacuation immédiate');
  // The whole screen, and on top at every point: the reach layout's upper part included.
  expect(await takeover.boundingBox()).toEqual({ x: 0, y: 0, width: 1080, height: 1920 });
  const onTop = await page.evaluate(() =>
    [
      [540, 60],
      [540, 600],
      [540, 1200],
      [100, 1880],
      [1000, 1880],
    ].every(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[data-testid="emergency-alert"]'),
    ),
  );
  expect(onTop).toBe(true);
  await expectAccessible(page, 'alert takeover with every mode on');
});
