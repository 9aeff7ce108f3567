import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useUiStore } from '../../lib/ui-store/ui-store';
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
});
