/**
 * « Lire à voix haute » on the totem (issue 52, part 1), in Debian's Chromium at 1080 × 1920.
 * Headless Chromium has no voice, so an init script replaces `speechSynthesis` with a stub that
 * records every call in sessionStorage (it survives the inactivity return's reload). Its mode is
 * chosen before a reload, in sessionStorage `speech-stub`:
 * - `auto`: two voices (fr-FR, en-GB), each utterance ends at once: the whole page is said;
 * - `hold`: the same voices, an utterance never ends: a reading in progress, to stop;
 * - `none`: speech synthesis without any voice; `absent`: no speech synthesis at all.
 *
 * One shared kiosk; the idle tests come last because Playwright's clock stays installed.
 * Screenshot: docs/screenshots/kiosk-accessibility.png (the panel open on the HSE page).
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/server';
import { freshOnline, useSharedKiosk, type SharedKiosk } from './support/shared-kiosk';

type StubMode = 'auto' | 'hold' | 'none' | 'absent';
interface StubEntry {
  type: 'speak' | 'cancel' | 'pause' | 'resume';
  text?: string;
  lang?: string;
  voice?: string | null;
}

/** The reach line of issue 52: 1220 mm above the floor on a 1080 × 1920 totem. */
const REACH_LINE_Y = 1090;
const NO_VOICE =
  'Aucune voix n’est installée sur ce totem : la lecture à voix haute est indisponible.';

/** Runs in the page before the kiosk's scripts (see the module comment). */
function installSpeechStub() {
  const mode = sessionStorage.getItem('speech-stub') ?? 'auto';
  const record = (entry: Record<string, unknown>) => {
    const log = JSON.parse(sessionStorage.getItem('speech-stub-log') ?? '[]') as unknown[];
    log.push(entry);
    sessionStorage.setItem('speech-stub-log', JSON.stringify(log));
  };
  if (mode === 'absent') {
    Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
    return;
  }
  const voice = (lang: string, name: string) => ({
    lang,
    name,
    voiceURI: name,
    localService: true,
    default: lang === 'fr-FR',
  });
  const voices =
    mode === 'none' ? [] : [voice('fr-FR', 'Stub français'), voice('en-GB', 'Stub English')];
  interface StubUtterance {
    text: string;
    lang: string;
    voice: { lang: string } | null;
    onend: ((event: Event) => void) | null;
    onerror: ((event: { error: string }) => void) | null;
  }
  let current: StubUtterance | null = null;
  class Utterance extends EventTarget implements StubUtterance {
    lang = '';
    voice: { lang: string } | null = null;
    onend: ((event: Event) => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(public text: string) {
      super();
    }
  }
  const synth = Object.assign(new EventTarget(), {
    speaking: false,
    paused: false,
    pending: false,
    getVoices: () => voices,
    speak(utterance: StubUtterance) {
      record({
        type: 'speak',
        text: utterance.text,
        lang: utterance.lang,
        voice: utterance.voice?.lang ?? null,
      });
      current = utterance;
      synth.speaking = true;
      if (mode === 'auto') {
        void Promise.resolve().then(() => {
          if (current !== utterance) return;
          current = null;
          synth.speaking = false;
          utterance.onend?.(new Event('end'));
        });
      }
    },
    cancel() {
      record({ type: 'cancel' });
      const said = current;
      current = null;
      synth.speaking = false;
      said?.onerror?.({ error: 'interrupted' });
    },
    pause() {
      record({ type: 'pause' });
      synth.paused = true;
    },
    resume() {
      record({ type: 'resume' });
      synth.paused = false;
    },
  });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', {
    value: Utterance,
    configurable: true,
    writable: true,
  });
}

async function useStub(kiosk: SharedKiosk, mode: StubMode, path = '/accueil') {
  await kiosk.page.evaluate((value) => {
    sessionStorage.setItem('speech-stub', value);
    sessionStorage.removeItem('speech-stub-log');
  }, mode);
  await freshOnline(kiosk, path);
}

const stubLog = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('speech-stub-log') ?? '[]') as StubEntry[]);
const spoken = async (page: Page) =>
  (await stubLog(page)).filter((entry) => entry.type === 'speak');

const accessibilityButton = (page: Page, name = 'Accessibilité') =>
  page.getByRole('button', { name, exact: true });
const panel = (page: Page, name = 'Accessibilité') => page.getByRole('dialog', { name });
const bar = (page: Page, name = 'Lecture à voix haute') => page.getByRole('region', { name });

async function box(locator: Locator) {
  const value = await locator.boundingBox();
  if (!value) throw new Error('no box: the element is not displayed');
  return value;
}

/** Within reach and big enough for a finger: below the reach line, at least 44 × 44 px. */
async function expectWithinReach(locator: Locator, what: string) {
  const { y, width, height } = await box(locator);
  expect(y, `${what} starts below the reach line`).toBeGreaterThanOrEqual(REACH_LINE_Y);
  expect(y + height, `${what} is on the screen`).toBeLessThanOrEqual(1920);
  expect(width, `${what} width`).toBeGreaterThanOrEqual(44);
  expect(height, `${what} height`).toBeGreaterThanOrEqual(44);
}

/** The HSE page with its images drawn, so what is read is the whole page. */
async function openHse(kiosk: SharedKiosk, mode: StubMode) {
  const { page } = kiosk;
  await useStub(kiosk, mode, '/accueil/hse');
  await expect(page.locator('[data-testid="banner"] .banner__title')).toHaveText(/\S/);
  await expect(page.locator('main#contenu section img').first()).toBeAttached();
}

async function readsTheFrenchPage(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await openHse(kiosk, 'auto');
  await expectWithinReach(accessibilityButton(page), 'the accessibility button');
  await accessibilityButton(page).click();
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  // Its first option is the reading.
  await expect(dialog.getByRole('listitem').first()).toContainText('Lire à voix haute');
  await dialog.getByRole('button', { name: /Lire à voix haute/ }).click();
  await expect(dialog).toHaveCount(0);

  const title = (await page.locator('[data-testid="banner"] .banner__title').innerText()).trim();
  const headings = (await page.locator('main#contenu h2').allInnerTexts())
    .map((t) => t.trim())
    .filter(Boolean);
  const alts = await page
    .locator('main#contenu img[alt]:visible')
    .evaluateAll((images) =>
      images.map((image) => image.getAttribute('alt') ?? '').filter((alt) => alt.trim() !== ''),
    );
  expect(headings).toContain('EPI');
  expect(alts.length).toBeGreaterThan(0);
  // The demo's images carry the text alternatives written for them (decision 050), not the
  // zone-derived names (« EPI, 1 / 3 »): what a picture of text says is read.
  const written = alts.filter((alt) => !/, \d+ \/ \d+$/.test(alt));
  expect(written.length).toBeGreaterThan(0);
  // The whole page said (each utterance ends at once in `auto`): the reading is over.
  await expect(bar(page)).toHaveCount(0);
  const said = await spoken(page);
  expect(said[0]?.text).toBe(title);
  const texts = said.map((entry) => entry.text);
  for (const expected of headings) expect(texts).toContain(expected);
  // A long alternative is said sentence by sentence: the utterances, joined, say all of it.
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const whole = flat(texts.join(' '));
  for (const expected of alts) expect(whole).toContain(flat(expected));
  expect(new Set(said.map((entry) => entry.lang))).toEqual(new Set(['fr-FR']));
  expect(new Set(said.map((entry) => entry.voice))).toEqual(new Set(['fr-FR']));
  // Never the clock nor the accessibility controls.
  const clock = (await page.locator('.clock__time').innerText()).trim();
  expect(texts.join(' ')).not.toContain(clock);
  expect(texts).not.toContain('Accessibilité');
  // No utterance longer than Chromium can say at once.
  for (const text of texts) expect(text!.length).toBeLessThanOrEqual(200);
}

async function pausesResumesStops(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await openHse(kiosk, 'hold');
  await accessibilityButton(page).click();
  await panel(page)
    .getByRole('button', { name: /Lire à voix haute/ })
    .click();
  const controls = bar(page);
  await expect(controls).toBeVisible();
  for (const name of ['Pause', 'Arrêter']) {
    await expectWithinReach(controls.getByRole('button', { name }), name);
  }
  await controls.getByRole('button', { name: 'Pause' }).click();
  await expect(controls.getByRole('status')).toHaveText('Lecture en pause');
  await controls.getByRole('button', { name: 'Reprendre' }).click();
  await expect(controls.getByRole('status')).toHaveText('Lecture de la page en cours');
  await controls.getByRole('button', { name: 'Arrêter' }).click();
  await expect(controls).toHaveCount(0);
  const log = await stubLog(page);
  const types = log.map((entry) => entry.type);
  expect(types.lastIndexOf('pause')).toBeGreaterThan(types.indexOf('speak'));
  expect(types.at(-1)).toBe('cancel');
  expect(log.filter((entry) => entry.type === 'speak')).toHaveLength(1);

  // A navigation stops a reading too (decision 047: the page asked for, not the next).
  await accessibilityButton(page).click();
  await panel(page)
    .getByRole('button', { name: /Lire à voix haute/ })
    .click();
  await expect(bar(page)).toBeVisible();
  const before = (await stubLog(page)).length;
  await page.evaluate(() => (window.location.hash = '#/accueil'));
  await expect(page).toHaveURL(/#\/accueil$/);
  await expect(bar(page)).toHaveCount(0);
  expect((await stubLog(page)).slice(before).map((entry) => entry.type)).toContain('cancel');
}

async function readsTheEnglishPage(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await useStub(kiosk, 'auto', '/accueil/visiteur');
  await page.getByRole('button', { name: /English/ }).click();
  await page.evaluate(() => (window.location.hash = '#/accueil/visiteur/qualite'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main#contenu section img').first()).toBeAttached();
  await accessibilityButton(page, 'Accessibility').click();
  await panel(page, 'Accessibility')
    .getByRole('button', { name: /Read aloud/ })
    .click();
  await expect(panel(page, 'Accessibility')).toHaveCount(0);
  await expect(bar(page, 'Reading aloud')).toHaveCount(0);
  const said = await spoken(page);
  const title = (await page.locator('[data-testid="banner"] .banner__title').innerText()).trim();
  expect(said[0]?.text).toBe(title);
  expect(said.map((entry) => entry.text)).toContain('Quality certifications');
  expect(new Set(said.map((entry) => entry.lang))).toEqual(new Set(['en-GB']));
  expect(new Set(said.map((entry) => entry.voice))).toEqual(new Set(['en-GB']));
}

async function saysWhenThereIsNoVoice(kiosk: SharedKiosk) {
  const { page } = kiosk;
  for (const mode of ['none', 'absent'] as const) {
    await useStub(kiosk, mode, '/accueil/hse');
    await accessibilityButton(page).click();
    await panel(page)
      .getByRole('button', { name: /Lire à voix haute/ })
      .click();
    // `none` waits for voices a short while (they load late in Chromium) before saying so.
    await expect(panel(page).getByRole('alert')).toHaveText(NO_VOICE);
    expect(await spoken(page), mode).toEqual([]);
  }
}

async function panelIsAccessible(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await openHse(kiosk, 'hold');
  await expect(page.getByText('Synchronisation terminée !')).toBeHidden({ timeout: 15_000 });
  await accessibilityButton(page).click();
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  for (const button of await dialog.getByRole('button').all()) {
    await expectWithinReach(button, `panel button « ${await button.innerText()} »`);
  }
  await expectAccessible(page, 'accessibility panel open');
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots/kiosk-accessibility.png') });
  // And the reading bar.
  await dialog.getByRole('button', { name: /Lire à voix haute/ }).click();
  await expect(bar(page)).toBeVisible();
  await expectAccessible(page, 'read-aloud bar');
}

async function inactivityStopsIt(kiosk: SharedKiosk) {
  const { page } = kiosk;
  // Installed on the open page, the fake clock takes over the kiosk's timers from the reload on.
  await page.clock.install();

  // Visitor pages: no Veille reader (a staff feature) comes first and stops the reading itself.
  // At the first level (a visitor totem's home) the return does nothing, but the reading stops.
  await page.evaluate(() => localStorage.setItem('parcours', 'visiteur'));
  await useStub(kiosk, 'hold', '/accueil');
  await expect(page).toHaveURL(/#\/accueil(\/visiteur)?$/);
  await accessibilityButton(page).click();
  await panel(page)
    .getByRole('button', { name: /Lire à voix haute/ })
    .click();
  await expect(bar(page)).toBeVisible();
  const atHome = (await stubLog(page)).length;
  await page.clock.runFor(601_000);
  await expect(bar(page)).toHaveCount(0);
  expect((await stubLog(page)).slice(atHome).map((entry) => entry.type)).toContain('cancel');
  await expect(page).toHaveURL(/#\/accueil(\/visiteur)?$/);

  // A level down (staff on a visitor page), the return to the root stops it, and the reloaded
  // kiosk is silent.
  await page.evaluate(() => localStorage.removeItem('parcours'));
  await useStub(kiosk, 'hold', '/accueil/visiteur/hse');
  await accessibilityButton(page).click();
  await panel(page)
    .getByRole('button', { name: /Lire à voix haute/ })
    .click();
  await expect(bar(page)).toBeVisible();
  const reading = (await stubLog(page)).length;
  await page.clock.runFor(601_000);
  await expect(page).toHaveURL(/#\/accueil$/);
  await expect(page.getByRole('link', { name: /HSE/ }).first()).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  const after = (await stubLog(page)).slice(reading);
  expect(after.map((entry) => entry.type)).toContain('cancel');
  expect(after.filter((entry) => entry.type === 'speak')).toEqual([]);
}

test.describe.serial('read aloud on the totem (issue 52, part 1)', () => {
  const kiosk = useSharedKiosk();
  test.beforeAll(async () => {
    await kiosk.page.addInitScript(installSpeechStub);
  });

  test('« Lire à voix haute » says the page’s title, sections and texts in French', () =>
    readsTheFrenchPage(kiosk));
  test('pause, resume and stop; a navigation stops the reading', () => pausesResumesStops(kiosk));
  test('an English visitor page is read in English', () => readsTheEnglishPage(kiosk));
  test('a totem without a voice says so plainly', () => saysWhenThereIsNoVoice(kiosk));
  test('the panel and the bar are within reach and pass axe', () => panelIsAccessible(kiosk));
  // Last: it leaves Playwright's clock installed on the shared page.
  test('the inactivity countdown reaching 0 stops the reading', () => inactivityStopsIt(kiosk));
});
