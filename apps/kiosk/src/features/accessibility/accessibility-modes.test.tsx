/**
 * The display modes' toggles in the accessibility panel, what they write on <html>, and when they
 * end: the inactivity countdown reaching 0 at any level (resetGeneration, the countdown at 0), never
 * a navigation. Rendered in a frame-like page, as the footer draws the controls.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { i18nFor, type Language } from '../../i18n/i18n';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useOwnSettingsStore } from '../own-settings';
import { AccessibilityControls } from './accessibility-controls';
import { applyModesToDocument, useAccessibilityModes } from './accessibility-modes';
import { ReachModeNotice } from './reach-mode-notice';

const html = document.documentElement;

function renderFrame(language: Language = 'fr') {
  const Frame = () => (
    <I18nextProvider i18n={i18nFor(language)}>
      <ReachModeNotice />
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
          { path: 'accueil/hse', element: <p>HSE</p> },
          { path: 'accueil/qualite', element: <p>Qualité</p> },
        ],
      },
    ],
  });
}

const panelName = { fr: 'Accessibilité', en: 'Accessibility' } as const;
const openPanel = (language: Language = 'fr') =>
  fireEvent.click(screen.getByRole('button', { name: panelName[language] }));
const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

function modesOnHtml() {
  return {
    reach: html.hasAttribute('data-reach'),
    text: html.getAttribute('data-text'),
    contrast: html.getAttribute('data-contrast'),
  };
}

beforeEach(() => {
  resetShellState();
  useAccessibilityModes.getState().resetModes();
});
afterEach(() => {
  useAccessibilityModes.getState().resetModes();
});

describe('the display modes in the accessibility panel', () => {
  it('lists three toggles after « Lire à voix haute », each showing and saying its state', () => {
    renderFrame();
    openPanel();
    const panel = screen.getByRole('dialog', { name: 'Accessibilité' });
    const names = Array.from(panel.querySelectorAll('li > button')).map(
      (button) => button.querySelector('.accessibility-panel__option-name')?.textContent,
    );
    expect(names).toEqual([
      'Lire à voix haute',
      'Mode accessible en fauteuil',
      'Texte agrandi',
      'Contraste renforcé',
    ]);
    for (const name of ['Mode accessible en fauteuil', 'Texte agrandi', 'Contraste renforcé']) {
      expect(toggle(name).getAttribute('aria-pressed')).toBe('false');
      expect(toggle(name).textContent).toContain('Désactivé');
    }
    expect(modesOnHtml()).toEqual({ reach: false, text: null, contrast: null });

    fireEvent.click(toggle('Mode accessible en fauteuil'));
    fireEvent.click(toggle('Texte agrandi'));
    fireEvent.click(toggle('Contraste renforcé'));
    for (const name of ['Mode accessible en fauteuil', 'Texte agrandi', 'Contraste renforcé']) {
      expect(toggle(name).getAttribute('aria-pressed')).toBe('true');
      expect(toggle(name).textContent).toContain('Activé');
    }
    // The panel stays open: several modes can be chosen in one go.
    expect(screen.getByRole('dialog', { name: 'Accessibilité' })).toBeTruthy();
    expect(modesOnHtml()).toEqual({ reach: true, text: 'large', contrast: 'high' });
    expect(html.style.getPropertyValue('--reach-line')).toMatch(/^\d+px$/);
    // The reach mode's notice says where the controls went.
    expect(screen.getByTestId('reach-notice').textContent).toContain(
      'Toutes les commandes sont en bas de l’écran.',
    );

    fireEvent.click(toggle('Texte agrandi'));
    expect(toggle('Texte agrandi').getAttribute('aria-pressed')).toBe('false');
    expect(modesOnHtml()).toEqual({ reach: true, text: null, contrast: 'high' });
  });

  it('speaks English on English visitor pages', () => {
    renderFrame('en');
    openPanel('en');
    for (const name of ['Reach mode', 'Larger text', 'Higher contrast']) {
      expect(toggle(name).getAttribute('aria-pressed')).toBe('false');
    }
    fireEvent.click(toggle('Reach mode'));
    expect(toggle('Reach mode').textContent).toContain('On');
    expect(screen.getByTestId('reach-notice').textContent).toContain(
      'Every control is in the lower part of the screen.',
    );
  });

  it('keeps the modes across a navigation', async () => {
    const { router } = renderFrame();
    openPanel();
    fireEvent.click(toggle('Texte agrandi'));
    await act(() => router.navigate('/accueil/qualite'));
    expect(useAccessibilityModes.getState().largeText).toBe(true);
    expect(html.getAttribute('data-text')).toBe('large');
  });

  it('ends every mode when the countdown reaches 0 at the first level (the popups closing)', () => {
    renderFrame();
    openPanel();
    fireEvent.click(toggle('Mode accessible en fauteuil'));
    fireEvent.click(toggle('Contraste renforcé'));
    act(() => useUiStore.getState().closeFramePopups());
    expect(useAccessibilityModes.getState()).toMatchObject({
      reach: false,
      largeText: false,
      highContrast: false,
    });
    expect(modesOnHtml()).toEqual({ reach: false, text: null, contrast: null });
  });

  it('ends every mode on the return to the root', () => {
    renderFrame();
    openPanel();
    fireEvent.click(toggle('Texte agrandi'));
    act(() => useUiStore.getState().returnToRoot());
    expect(useAccessibilityModes.getState().largeText).toBe(false);
    expect(html.hasAttribute('data-text')).toBe(false);
  });

  it('ends every mode when the countdown itself reaches 0', () => {
    renderFrame();
    openPanel();
    fireEvent.click(toggle('Mode accessible en fauteuil'));
    act(() => useUiStore.setState({ inactivityRemaining: 0 }));
    expect(useAccessibilityModes.getState().reach).toBe(false);
    expect(html.hasAttribute('data-reach')).toBe(false);
  });

  it('leaves the page drawn as by default once the frame is gone', () => {
    const { unmount } = renderFrame();
    openPanel();
    fireEvent.click(toggle('Contraste renforcé'));
    expect(html.getAttribute('data-contrast')).toBe('high');
    unmount();
    expect(html.hasAttribute('data-contrast')).toBe(false);
  });
});

describe('applyModesToDocument', () => {
  it('writes the attributes and the reach line of the totem’s heights', () => {
    const root = document.createElement('html');
    applyModesToDocument(
      {
        reach: true,
        largeText: false,
        highContrast: true,
        heights: { screenBottomMm: 800, screenTopMm: 2000 },
      },
      root,
      1920,
    );
    expect(root.hasAttribute('data-reach')).toBe(true);
    expect(root.hasAttribute('data-text')).toBe(false);
    expect(root.getAttribute('data-contrast')).toBe('high');
    expect(root.style.getPropertyValue('--reach-line')).toBe('1250px');
  });

  it('draws the line where this totem’s profile says its screen is, held offline (issue 52)', () => {
    renderFrame();
    const line = () => html.style.getPropertyValue('--reach-line');
    const standard = line();
    act(() =>
      useOwnSettingsStore.setState({
        settings: {
          kioskId: 'k',
          name: null,
          location: null,
          marks: [],
          screenBottomMm: 900,
          screenTopMm: 2100,
        },
      }),
    );
    // A wall bracket 200 mm higher: more of the screen is out of reach.
    expect(useAccessibilityModes.getState().heights).toEqual({
      screenBottomMm: 900,
      screenTopMm: 2100,
    });
    expect(parseFloat(line())).toBeGreaterThan(parseFloat(standard));
    act(() => useOwnSettingsStore.setState({ settings: null }));
    expect(useAccessibilityModes.getState().heights).toEqual({
      screenBottomMm: 700,
      screenTopMm: 1900,
    });
  });

  it('takes the heights from the store', () => {
    render(<p />);
    useAccessibilityModes.getState().setTotemHeights({ screenBottomMm: 600, screenTopMm: 1800 });
    const root = document.createElement('html');
    applyModesToDocument(useAccessibilityModes.getState(), root, 1920);
    expect(root.style.getPropertyValue('--reach-line')).toBe('930px');
    useAccessibilityModes.getState().setTotemHeights({ screenBottomMm: 700, screenTopMm: 1900 });
  });
});
