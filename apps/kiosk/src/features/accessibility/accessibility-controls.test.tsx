/**
 * The accessibility button and « Lire à voix haute » in a frame-like page, with a recording
 * speech synthesis: what is said and in which language, pause / resume / stop, every event that
 * stops a reading, and the plain message of a totem without a voice.
 */
import type { ActiveAlert } from '@plant-kiosk/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { i18nFor, type Language } from '../../i18n/i18n';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useAlertStore } from '../emergency-alert';
import { AccessibilityControls } from './accessibility-controls';
import { useReadAloudStore, voicesOf } from './read-aloud';
import { FakeSpeechSynthesis, fakeVoice, installSpeech } from './testing/fake-speech';

const NO_VOICE =
  'Aucune voix n’est installée sur ce totem : la lecture à voix haute est indisponible.';

const alert: ActiveAlert = {
  templateid: 1,
  templateName: 'Évacuation',
  kind: 'evacuation',
  drill: false,
  startedAt: new Date().toISOString(),
  startedBy: 'api',
  maxDurationMinutes: 120,
};

/** The frame's regions as AppFrame draws them, around two small pages. */
function renderFrame(language: Language = 'fr') {
  document.documentElement.lang = language;
  const Frame = () => (
    <I18nextProvider i18n={i18nFor(language)}>
      <div className="banner" data-testid="banner">
        <h1 className="banner__title">{language === 'en' ? 'Quality' : 'HSE'}</h1>
      </div>
      <main id="contenu">
        <Outlet />
      </main>
      <footer className="frame-footer">
        <AccessibilityControls />
      </footer>
    </I18nextProvider>
  );
  return renderInKiosk(null, {
    path: '/accueil/hse',
    routes: [
      {
        path: '/',
        element: <Frame />,
        children: [
          {
            path: 'accueil/hse',
            element: (
              <section>
                <h2>EPI</h2>
                <p>Portez vos lunettes. Les chaussures sont obligatoires.</p>
                <img src="epi.svg" alt="Affiche EPI, 1 / 1" />
              </section>
            ),
          },
          { path: 'accueil/qualite', element: <p>Qualité</p> },
        ],
      },
    ],
  });
}

const openPanel = () => fireEvent.click(screen.getByRole('button', { name: 'Accessibilité' }));
const readAloud = () => fireEvent.click(screen.getByRole('button', { name: /Lire à voix haute/ }));

let synth: FakeSpeechSynthesis;
let uninstall: () => void;

beforeEach(() => {
  resetShellState();
  useAlertStore.setState({ active: null, ending: null });
  useReadAloudStore.setState({ status: 'idle' });
  synth = new FakeSpeechSynthesis();
  uninstall = installSpeech(synth);
});
afterEach(() => {
  uninstall();
  document.documentElement.lang = 'fr';
});

describe('AccessibilityControls', () => {
  it('opens a panel whose first option reads the page aloud, in French, sentence by sentence', async () => {
    renderFrame();
    openPanel();
    const panel = screen.getByRole('dialog', { name: 'Accessibilité' });
    expect(panel.querySelector('li button')?.textContent).toContain('Lire à voix haute');
    readAloud();
    // The panel closes once the reading starts; the bar holds the controls.
    await screen.findByRole('region', { name: 'Lecture à voix haute' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pause' })),
    );
    expect(synth.spoken.map((u) => u.text)).toEqual(['HSE']);
    expect(synth.spoken[0]!.lang).toBe('fr-FR');
    expect(synth.spoken[0]!.voice?.lang).toBe('fr-FR');
    act(() => synth.finishCurrent());
    act(() => synth.finishCurrent());
    act(() => synth.finishCurrent());
    act(() => synth.finishCurrent());
    expect(synth.spoken.map((u) => u.text)).toEqual([
      'HSE',
      'EPI',
      'Portez vos lunettes.',
      'Les chaussures sont obligatoires.',
      'Affiche EPI, 1 / 1',
    ]);
    expect(new Set(synth.spoken.map((u) => u.lang))).toEqual(new Set(['fr-FR']));
    // The last one said: the reading is over and the bar goes.
    act(() => synth.finishCurrent());
    expect(screen.queryByRole('region', { name: 'Lecture à voix haute' })).toBeNull();
  });

  it('pauses, resumes and stops', async () => {
    renderFrame();
    openPanel();
    readAloud();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(synth.paused).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Lecture en pause');
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
    expect(synth.paused).toBe(false);
    const cancels = synth.cancels;
    fireEvent.click(screen.getByRole('button', { name: 'Arrêter' }));
    expect(synth.cancels).toBe(cancels + 1);
    expect(screen.queryByRole('region', { name: 'Lecture à voix haute' })).toBeNull();
    // The interrupted utterance's events start nothing again.
    expect(synth.spoken).toHaveLength(1);
  });

  it('reads an English visitor page in English, with an English voice', async () => {
    synth.voices = [fakeVoice('fr-FR'), fakeVoice('en-US'), fakeVoice('en-GB')];
    renderFrame('en');
    fireEvent.click(screen.getByRole('button', { name: 'Accessibility' }));
    fireEvent.click(screen.getByRole('button', { name: /Read aloud/ }));
    await screen.findByRole('region', { name: 'Reading aloud' });
    expect(synth.spoken[0]!.text).toBe('Quality');
    expect(synth.spoken[0]!.lang).toBe('en-GB');
    expect(synth.spoken[0]!.voice?.lang).toBe('en-GB');
  });

  it.each([
    [
      'the page changes',
      (router: ReturnType<typeof renderFrame>['router']) => router.navigate('/accueil/qualite'),
    ],
    ['the inactivity return', () => useUiStore.getState().returnToRoot()],
    ['the countdown reaching 0 at the first level', () => useUiStore.getState().closeFramePopups()],
    ['the idle reader', () => useUiStore.setState({ idleReaderOpen: true })],
    ['an emergency alert', () => useAlertStore.setState({ active: alert })],
    ['the page being left (reload)', () => window.dispatchEvent(new Event('pagehide'))],
  ])('stops on %s', async (_name, trigger) => {
    const { router } = renderFrame();
    openPanel();
    readAloud();
    await screen.findByRole('region', { name: 'Lecture à voix haute' });
    const cancels = synth.cancels;
    await act(async () => {
      await trigger(router);
    });
    expect(synth.cancels).toBeGreaterThan(cancels);
    expect(screen.queryByRole('region', { name: 'Lecture à voix haute' })).toBeNull();
    act(() => synth.finishCurrent());
    expect(synth.spoken).toHaveLength(1);
  });

  it('closes the panel when an alert takes over', () => {
    renderFrame();
    openPanel();
    act(() => useAlertStore.setState({ active: alert }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says plainly that the totem has no speech synthesis', async () => {
    uninstall();
    uninstall = installSpeech(null);
    renderFrame();
    openPanel();
    readAloud();
    expect((await screen.findByRole('alert')).textContent).toBe(NO_VOICE);
    expect(screen.getByRole('dialog', { name: 'Accessibilité' })).toBeTruthy();
  });

  it('waits for voices that load late (speech-dispatcher answers after the page starts)', async () => {
    synth.voices = [];
    renderFrame();
    openPanel();
    readAloud();
    expect(await screen.findByText('Préparation de la lecture…')).toBeTruthy();
    act(() => synth.deliverVoices([fakeVoice('fr-FR')]));
    await screen.findByRole('region', { name: 'Lecture à voix haute' });
    await waitFor(() => expect(synth.spoken).toHaveLength(1));
  });
});

describe('voicesOf', () => {
  afterEach(() => vi.useRealTimers());
  it('gives up after its wait with an empty list (the « no voice » case)', async () => {
    vi.useFakeTimers();
    const empty = new FakeSpeechSynthesis([]);
    const voices = voicesOf(empty as unknown as SpeechSynthesis, 2000);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(voices).resolves.toEqual([]);
  });
});
