import type { UsageEvent } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { resetPreviewRequestForTests } from '../../lib/preview/preview-request';
import { initialUiState, useUiStore } from '../../lib/ui-store/ui-store';
import { publishUsage } from '../../lib/usage-sink/usage-sink';
import { useAlertStore } from '../emergency-alert';
import { noteUsageRoute, startUsage, tapTarget, usageJournalKey, type Usage } from './index';

const DEVNAME = 'usage-tracking-test';
let usage: Usage | null = null;
// A clock that moves at each reading: the events' order is the order they happened.
let tick = 0;
const now = () => Date.parse('2026-03-10T09:00:00Z') + (tick += 1);
let sendUsage: ReturnType<typeof vi.fn>;

const db = () => openKioskDb(DEVNAME);

function start(overrides: { localOnly?: boolean; online?: boolean } = {}) {
  sendUsage = vi.fn(() =>
    Promise.resolve({
      status: 'ok' as const,
      result: { accepted: 1, duplicates: 0, refused: [] },
    }),
  );
  usage = startUsage({
    db: db(),
    api: { sendUsage },
    devid: 1,
    devname: DEVNAME,
    kioskId: () => 'k-7f3a9c2e',
    isOnline: () => overrides.online ?? false,
    localOnly: overrides.localOnly,
    now,
    senderOptions: { setTimer: () => 0, clearTimer: () => undefined },
  });
  return usage;
}

async function recorded(): Promise<UsageEvent[]> {
  await usage?.flush();
  return (await db().usageEvents.orderBy('t').toArray()).map((row) => row.event);
}

function tap(element: Element) {
  element.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
  element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

beforeEach(() => {
  useUiStore.setState(initialUiState());
  noteUsageRoute('/accueil');
});

afterEach(async () => {
  usage?.stop();
  // The visit's end the stop records is written before the database goes.
  await usage?.flush();
  usage = null;
  await db().delete();
  closeKioskDb(DEVNAME);
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  resetPreviewRequestForTests();
});

describe('usage tracking', () => {
  it('records page views, taps by a stable id, and visits', async () => {
    start();
    document.body.innerHTML = `
      <a href="#/accueil/hse" id="tile">HSE <span id="inside">Hygiène</span></a>
      <button aria-label="Fermer" id="close">×</button>
      <button id="digit">7</button>`;
    tap(document.getElementById('inside')!);
    noteUsageRoute('/accueil/hse');
    tap(document.getElementById('close')!);
    tap(document.getElementById('digit')!);
    const events = await recorded();
    const session = events.find((event) => event.kind === 'session_start')?.session;
    expect(session).toBeTruthy();
    expect(events.map((e) => [e.kind, e.route, e.target ?? null, e.session ?? null])).toEqual([
      ['page_view', '/accueil', null, null],
      ['session_start', '/accueil', null, session],
      ['tap', '/accueil', '/accueil/hse', session],
      ['page_view', '/accueil/hse', null, session],
      ['tap', '/accueil/hse', 'Fermer', session],
    ]);
    // The digit button has no id of its own: its text is never recorded.
    expect(events.every((event) => event.id.length >= 8)).toBe(true);
  });

  it('ends the visit, engaged, when the kiosk goes back to rest (the inactivity countdown)', async () => {
    start();
    tap(document.body);
    tap(document.body);
    useUiStore.setState({ inactivityRemaining: 0 });
    const events = await recorded();
    expect(events.map((event) => event.kind)).toEqual([
      'page_view',
      'session_start',
      'session_end',
    ]);
    expect(events[2]).toMatchObject({ target: 'engaged' });
    // Written: the journal kept for a reload is empty again.
    expect(localStorage.getItem(usageJournalKey(DEVNAME))).toBeNull();
  });

  it('writes a visit’s end kept in the journal by a page that reloaded', async () => {
    const left: UsageEvent = {
      id: 'ended-before-reload',
      kind: 'session_end',
      at: '2026-03-10T09:00:00.000Z',
      route: '/accueil/hse',
      session: 'session-before',
    };
    localStorage.setItem(usageJournalKey(DEVNAME), JSON.stringify([left]));
    start();
    await vi.waitFor(async () => {
      expect((await recorded()).map((event) => event.id)).toContain('ended-before-reload');
    });
    expect(localStorage.getItem(usageJournalKey(DEVNAME))).toBeNull();
  });

  it('records a language switch by the visitor, the parcours chosen, and an alert shown', async () => {
    start();
    noteUsageRoute('/accueil/visiteur');
    useUiStore.getState().chooseMode('visiteur');
    useUiStore.getState().setLanguage('en');
    // The return to the root puts French back: not a switch.
    useUiStore.getState().returnToRoot();
    useAlertStore.setState({
      active: {
        alertid: 4,
        templateid: 12,
        templateName: 'Évacuation',
        kind: 'evacuation',
        drill: false,
      } as never,
      ack: { alertid: 4, displayedAt: '2026-03-10T09:00:00.000Z', takeoverMs: 120 },
    });
    const events = await recorded();
    expect(
      events
        .filter((event) => event.kind !== 'page_view')
        .map((e) => [e.kind, e.target, e.language]),
    ).toEqual([
      ['parcours', 'visiteur', 'fr'],
      ['language', 'en', 'en'],
      ['alert_shown', '12', 'fr'],
    ]);
    useAlertStore.setState({ active: null, ack: null });
  });

  it('records the documents opened and the pages read that the readers publish, in the visit', async () => {
    start();
    noteUsageRoute('/accueil/informations');
    tap(document.body);
    publishUsage({ kind: 'document_open', target: 'magazine-12.jpg' });
    publishUsage({ kind: 'page_read', target: 'magazine-12.jpg', page: 3 });
    const events = await recorded();
    const session = events.find((event) => event.kind === 'session_start')?.session;
    expect(session).toBeTruthy();
    expect(
      events
        .filter((event) => event.kind === 'document_open' || event.kind === 'page_read')
        .map((e) => [e.kind, e.route, e.target, e.page, e.session]),
    ).toEqual([
      ['document_open', '/accueil/informations', 'magazine-12.jpg', null, session],
      ['page_read', '/accueil/informations', 'magazine-12.jpg', 3, session],
    ]);
  });

  it('stops listening to the readers when stopped', async () => {
    const started = start();
    started.stop();
    publishUsage({ kind: 'document_open', target: 'guide-rh.pdf' });
    expect((await recorded()).some((event) => event.kind === 'document_open')).toBe(false);
  });

  it('records one idle_page per opening of the Veille reader, after the visit’s end', async () => {
    start();
    tap(document.body);
    useUiStore.setState({ idleReaderOpen: true });
    // The reader turning its pages changes nothing in the store: one event for the opening.
    useUiStore.setState({ idleCounter: 3 });
    useUiStore.getState().closeIdleReader();
    useUiStore.setState({ idleReaderOpen: true });
    const events = await recorded();
    expect(events.map((event) => event.kind)).toEqual([
      'page_view',
      'session_start',
      'session_end',
      'idle_page',
      'idle_page',
    ]);
    expect(events.at(-1)).toMatchObject({ target: 'Veille', zone: 'Veille', session: null });
  });

  it('sends the log when online and forgets what the server took', async () => {
    const started = start({ online: true });
    noteUsageRoute('/accueil/projets');
    await started.flush();
    await started.send('sync');
    expect(sendUsage).toHaveBeenCalled();
    const batch = sendUsage.mock.calls.at(-1)![1] as { events: UsageEvent[]; kioskId: string };
    expect(batch.kioskId).toBe('k-7f3a9c2e');
    expect(await recorded()).toEqual([]);
  });

  it('records nothing in a preview (the context’s localOnly)', async () => {
    start({ localOnly: true });
    tap(document.body);
    noteUsageRoute('/accueil/hse');
    useUiStore.getState().setLanguage('en');
    publishUsage({ kind: 'document_open', target: 'guide-rh.pdf' });
    publishUsage({ kind: 'page_read', target: 'guide-rh.pdf', page: 1 });
    useUiStore.setState({ idleReaderOpen: true });
    expect(await recorded()).toEqual([]);
  });

  it('records nothing in a preview page, whatever the caller says', async () => {
    window.history.replaceState(null, '', '/?apercu=1&devid=2&source=draft');
    resetPreviewRequestForTests();
    start({ online: true });
    tap(document.body);
    noteUsageRoute('/accueil/hse');
    publishUsage({ kind: 'document_open', target: 'guide-rh.pdf' });
    useUiStore.setState({ idleReaderOpen: true });
    expect(await recorded()).toEqual([]);
    expect(sendUsage).not.toHaveBeenCalled();
  });
});

describe('tapTarget', () => {
  it('names what was tapped by an attribute, never by its text; skips fields', () => {
    document.body.innerHTML = `
      <button data-usage="home-hse"><span id="a">HSE</span></button>
      <a href="https://example.com/menus?who=me" id="b">Menus</a>
      <div role="button" data-testid="clock" id="c">12:00</div>
      <label><input id="d" aria-label="Recherche" /></label>
      <button id="e">Valider</button>`;
    const at = (id: string) => tapTarget(document.getElementById(id));
    expect(at('a')).toBe('home-hse');
    expect(at('b')).toBe('https://example.com/menus');
    expect(at('c')).toBe('clock');
    expect(at('d')).toBeNull();
    expect(at('e')).toBeNull();
  });
});
