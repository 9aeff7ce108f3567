import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { HOME_CRUMB, useUiStore } from '../../lib/ui-store/ui-store';
import { Breadcrumb } from './breadcrumb';
import { Header } from './header';

describe('Breadcrumb and logo', () => {
  beforeEach(() => resetShellState());

  it('goes back to an earlier level and drops the levels after it', () => {
    useUiStore.setState({
      crumbs: [
        HOME_CRUMB,
        { label: 'BE LEAN +', path: '/accueil/projets' },
        { label: 'Nos Succès', path: '/accueil/projets/archives' },
      ],
    });
    const { router } = renderInKiosk(<Breadcrumb />, { path: '/accueil/projets/archives' });
    expect(screen.getByText('Nos Succès').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'BE LEAN +' }));
    expect(router.state.location.pathname).toBe('/accueil/projets');
    expect(useUiStore.getState().crumbs.map((crumb) => crumb.label)).toEqual([
      'Accueil',
      'BE LEAN +',
    ]);
  });

  it('the logo leads to /accueil and resets the breadcrumb to "Accueil"', () => {
    useUiStore.setState({ crumbs: [HOME_CRUMB, { label: 'HSE', path: '/accueil/hse' }] });
    const { router } = renderInKiosk(<Header language="fr" />, { path: '/accueil/hse' });
    fireEvent.click(screen.getByRole('link', { name: /Logo du site/ }));
    expect(router.state.location.pathname).toBe('/accueil');
    expect(useUiStore.getState().crumbs).toEqual([HOME_CRUMB]);
  });
});
