import { fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { VisitorGuard, visitorRedirect } from './visitor-guard';

function Page({ name }: { name: string }) {
  return (
    <div>
      <h1>{name}</h1>
      <Link to="/accueil/informations">RH</Link>
    </div>
  );
}

/** A small router shaped like the kiosk's: the guard as a layout around the staff routes. */
function renderRoutes(path: string) {
  return renderInKiosk(null, {
    path,
    routes: [
      { path: '/accueil/visiteur', element: <Page name="Accueil visiteurs" /> },
      { path: '/accueil/visiteur/hse', element: <Page name="HSE visiteurs" /> },
      {
        element: <VisitorGuard />,
        children: [
          { path: '/accueil/hse', element: <Page name="HSE salariés" /> },
          { path: '/accueil/informations', element: <Page name="Informations RH" /> },
        ],
      },
      {
        path: '/accueil/qualite',
        element: (
          <VisitorGuard>
            <Page name="Qualité salariés" />
          </VisitorGuard>
        ),
      },
    ],
  });
}

describe('VisitorGuard', () => {
  beforeEach(() => resetShellState());

  it('sends a visitor who types a staff URL to the visitor home', () => {
    localStorage.setItem('parcours', 'visiteur');
    resetShellState();
    const { router } = renderRoutes('/accueil/hse');
    expect(router.state.location.pathname).toBe('/accueil/visiteur');
    expect(screen.getByRole('heading', { name: 'Accueil visiteurs' })).toBeTruthy();
  });

  it('also as a wrapper, and for a staff link followed from a visitor page', () => {
    localStorage.setItem('parcours', 'visiteur');
    resetShellState();
    const { router, unmount } = renderRoutes('/accueil/qualite');
    expect(router.state.location.pathname).toBe('/accueil/visiteur');
    unmount();
    const second = renderRoutes('/accueil/visiteur/hse');
    fireEvent.click(screen.getByRole('link', { name: 'RH' }));
    expect(second.router.state.location.pathname).toBe('/accueil/visiteur');
  });

  it('lets employees through, on staff and visitor routes alike', () => {
    const { router, unmount } = renderRoutes('/accueil/hse');
    expect(router.state.location.pathname).toBe('/accueil/hse');
    expect(screen.getByRole('heading', { name: 'HSE salariés' })).toBeTruthy();
    unmount();
    renderRoutes('/accueil/visiteur/hse');
    expect(screen.getByRole('heading', { name: 'HSE visiteurs' })).toBeTruthy();
  });

  it('never redirects a visitor from the root or a visitor path', () => {
    for (const path of ['/', '/accueil', '/accueil/visiteur', '/accueil/visiteur/gamme']) {
      expect(visitorRedirect(path, 'visiteur'), path).toBeNull();
    }
    expect(visitorRedirect('/accueil/projets', 'visiteur')).toBe('/accueil/visiteur');
    expect(visitorRedirect('/accueil/projets', null)).toBeNull();
  });
});
