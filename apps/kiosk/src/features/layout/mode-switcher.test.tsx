import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { Header } from './header';
import { ModeSwitcher } from './mode-switcher';

const area = () => screen.getByRole('button', { name: /Changer le mode du totem/ });

function tapTwice(gapMs: number) {
  fireEvent.click(area());
  act(() => {
    vi.advanceTimersByTime(gapMs);
  });
  fireEvent.click(area());
}

describe('ModeSwitcher', () => {
  beforeEach(() => {
    resetShellState();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens on two taps less than 500 ms apart', () => {
    renderInKiosk(<ModeSwitcher />);
    tapTwice(499);
    expect(screen.getByRole('dialog', { name: 'Mode du totem' })).toBeTruthy();
  });

  it('does not open when the taps are 500 ms or more apart, nor on a single tap', () => {
    renderInKiosk(<ModeSwitcher />);
    fireEvent.click(area());
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.click(area());
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(800);
    });
    fireEvent.click(area());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Visiteur stores parcours=visiteur and goes to the visitor home', () => {
    const { router } = renderInKiosk(<ModeSwitcher />, { path: '/accueil/hse' });
    tapTwice(100);
    fireEvent.click(screen.getByRole('button', { name: 'Visiteur' }));
    expect(localStorage.getItem('parcours')).toBe('visiteur');
    expect(useUiStore.getState().parcours).toBe('visiteur');
    expect(router.state.location.pathname).toBe('/accueil/visiteur');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['Moulage', 'Assemblage'] as const)(
    '%s clears parcours, stores the totem and goes to the staff home',
    (totem) => {
      localStorage.setItem('parcours', 'visiteur');
      resetShellState();
      const { router } = renderInKiosk(<ModeSwitcher />, { path: '/accueil/visiteur' });
      tapTwice(100);
      fireEvent.click(screen.getByRole('button', { name: totem }));
      expect(localStorage.getItem('parcours')).toBeNull();
      expect(localStorage.getItem('totem')).toBe(totem);
      expect(useUiStore.getState()).toMatchObject({ parcours: null, totem });
      expect(router.state.location.pathname).toBe('/accueil');
    },
  );

  it('Annuler closes without changing anything', () => {
    localStorage.setItem('totem', 'Assemblage');
    resetShellState();
    const { router } = renderInKiosk(<ModeSwitcher />, { path: '/accueil/hse' });
    tapTwice(100);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('totem')).toBe('Assemblage');
    expect(localStorage.getItem('parcours')).toBeNull();
    expect(router.state.location.pathname).toBe('/accueil/hse');
  });

  it('sits in the header’s empty space, never over the clock or the connection chip (issue 41, item 2)', () => {
    renderInKiosk(<Header language="fr" />);
    const header = screen.getByRole('banner');
    const area = within(header).getByRole('button', { name: /Changer le mode du totem/ });
    const logo = within(header).getByRole('link', { name: /Logo du site/ });
    const chip = screen.getByTestId('connection-indicator');
    // A flex item of its own between the logo and the status, not an overlay: nothing contains it
    // but the header, and it contains nothing.
    expect(area.parentElement).toBe(header);
    expect(area.childElementCount).toBe(0);
    expect(logo.compareDocumentPosition(area) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(area.compareDocumentPosition(chip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Two quick taps on the chip open nothing.
    fireEvent.click(chip);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.click(chip);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ModeSwitcher with a code (issue 41, item 2)', () => {
  const publishCode = (switcherCode: string) =>
    act(() =>
      useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, switcherCode }, loaded: true }),
    );
  const key = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
  const typeCode = (code: string) => [...code].forEach(key);

  beforeEach(() => {
    resetShellState();
    vi.useFakeTimers();
    publishCode('2468');
  });
  afterEach(() => vi.useRealTimers());

  it('asks the code on a keypad before showing the modes', () => {
    const { router } = renderInKiosk(<ModeSwitcher />, { path: '/accueil/hse' });
    tapTwice(100);
    const dialog = screen.getByRole('dialog', { name: 'Code du sélecteur' });
    expect(within(dialog).queryByRole('button', { name: 'Visiteur' })).toBeNull();
    // The keypad: ten digits, Effacer and Valider (nothing to type with but the keys).
    const keypad = within(dialog).getByRole('group', { name: 'Code du sélecteur' });
    expect(
      within(keypad)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...'123456789', 'Effacer', '0', 'Valider']);
    expect(screen.getByRole('button', { name: 'Valider' })).toHaveProperty('disabled', true);

    typeCode('24');
    // The digits show as dots; the count is said, never the digits.
    expect(screen.getByTestId('switcher-code-entered').textContent).toContain('●●');
    expect(screen.getByTestId('switcher-code-entered').textContent).not.toContain('24');
    typeCode('68');
    key('Valider');
    expect(screen.getByRole('dialog', { name: 'Mode du totem' })).toBeTruthy();
    key('Visiteur');
    expect(localStorage.getItem('parcours')).toBe('visiteur');
    expect(router.state.location.pathname).toBe('/accueil/visiteur');
  });

  it('a wrong code says so, clears the entry and changes nothing', () => {
    renderInKiosk(<ModeSwitcher />, { path: '/accueil/hse' });
    tapTwice(100);
    typeCode('1357');
    key('Valider');
    expect(screen.getByRole('alert').textContent).toBe('Code incorrect. Réessayez.');
    expect(screen.getByRole('dialog', { name: 'Code du sélecteur' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visiteur' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Chiffres saisis : 0');
    // Effacer takes the last digit back.
    typeCode('24689');
    key('Effacer');
    key('Valider');
    expect(screen.getByRole('dialog', { name: 'Mode du totem' })).toBeTruthy();
    expect(localStorage.getItem('parcours')).toBeNull();
  });

  it('Annuler leaves the keypad without switching, and the next opening starts empty', () => {
    renderInKiosk(<ModeSwitcher />, { path: '/accueil/hse' });
    tapTwice(100);
    typeCode('24');
    key('Annuler');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    tapTwice(100);
    expect(screen.getByRole('status').textContent).toBe('Chiffres saisis : 0');
  });

  it('follows the published code: none any more, no keypad', () => {
    renderInKiosk(<ModeSwitcher />, { path: '/accueil/hse' });
    publishCode('');
    tapTwice(100);
    expect(screen.getByRole('dialog', { name: 'Mode du totem' })).toBeTruthy();
  });
});
