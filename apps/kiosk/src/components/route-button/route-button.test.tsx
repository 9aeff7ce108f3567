import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { RouteButton } from './route-button';

describe('RouteButton', () => {
  beforeEach(() => resetShellState());

  it('navigates and appends its first title to the breadcrumb', () => {
    const { router } = renderInKiosk(
      <RouteButton to="/accueil/hse" titles={['HSE', 'Hygiène, sécurité', 'environnement']} />,
      { path: '/accueil' },
    );
    const tile = screen.getByRole('link', { name: /HSE/ });
    expect(tile.textContent).toContain('Hygiène, sécurité');
    expect(tile.textContent).toContain('environnement');
    fireEvent.click(tile);
    expect(router.state.location.pathname).toBe('/accueil/hse');
    expect(useUiStore.getState().crumbs).toEqual([
      { label: 'Accueil', path: '/accueil' },
      { label: 'HSE', path: '/accueil/hse' },
    ]);
  });

  it('uses the breadcrumb label when given, and draws a background image and an icon', () => {
    renderInKiosk(
      <RouteButton
        to="/accueil/visiteur/"
        titles={['Espace visiteurs']}
        crumbLabel="Visiteurs"
        image="http://kiosk.test/media/images/a.svg"
        icon={<svg data-testid="icon" />}
      />,
    );
    const tile = screen.getByRole('link', { name: /Espace visiteurs/ });
    expect(tile.style.backgroundImage).toContain('http://kiosk.test/media/images/a.svg');
    expect(screen.getByTestId('icon')).toBeTruthy();
    fireEvent.click(tile);
    expect(useUiStore.getState().crumbs.at(-1)).toEqual({
      label: 'Visiteurs',
      path: '/accueil/visiteur/',
    });
  });
});
