import { fireEvent, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { i18nFor, type Language } from '../../i18n/i18n';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { catalogueEn, catalogueFr } from '../visitor-tour';
import VisitorHome from './visitor-home';

/** The visitor home as the frame renders it: in the language of the visitor's choice. */
function renderHome(language: Language = 'fr', path = '/accueil/visiteur') {
  useUiStore.setState({ language });
  return renderInKiosk(
    <I18nextProvider i18n={i18nFor(language)}>
      <VisitorHome />
    </I18nextProvider>,
    { path },
  );
}

const crumbLabels = () => useUiStore.getState().crumbs.map((crumb) => crumb.label);

describe('visitor home', () => {
  beforeEach(() => resetShellState());

  it('has the seven topic tiles, in the spec order, leading to the visitor routes', () => {
    renderHome('fr');
    const links = within(
      screen.getByRole('navigation', { name: 'Thèmes de la visite' }),
    ).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/accueil/visiteur/groupe',
      '/accueil/visiteur/siteNeubourg',
      '/accueil/visiteur/gamme',
      '/accueil/visiteur/hse',
      '/accueil/visiteur/qualite',
      '/accueil/visiteur/environnement',
      '/accueil/visiteur/urgence',
    ]);
    expect(links[6]!.className).toContain('route-button--rouge');
    expect(links[0]!.textContent).toContain(catalogueFr.visitorButtons.group.title);
  });

  it('shows the visitor rules as text, in the chosen language', () => {
    const { unmount } = renderHome('fr');
    for (const rule of catalogueFr.visitorHome.rules) expect(screen.getByText(rule)).toBeTruthy();
    unmount();
    renderHome('en');
    expect(screen.getByRole('heading', { name: catalogueEn.visitorHome.rulesTitle })).toBeTruthy();
    for (const rule of catalogueEn.visitorHome.rules) expect(screen.getByText(rule)).toBeTruthy();
    expect(screen.getByRole('heading', { name: catalogueEn.visitorHome.title })).toBeTruthy();
  });

  it('switches the language with two pressed-state buttons and resets the breadcrumb in it', () => {
    renderHome('fr');
    const french = screen.getByRole('button', { name: /Français/ });
    const english = screen.getByRole('button', { name: /English/ });
    expect(french.getAttribute('aria-pressed')).toBe('true');
    expect(english.getAttribute('aria-pressed')).toBe('false');
    expect(crumbLabels()).toEqual(['Accueil', 'Visiteurs']);

    // A visitor deep in the breadcrumb comes back and chooses English.
    useUiStore.getState().pushCrumb({ label: 'HSE', path: '/accueil/visiteur/hse' });
    fireEvent.click(english);
    expect(useUiStore.getState().language).toBe('en');
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(french.getAttribute('aria-pressed')).toBe('false');
    expect(crumbLabels()).toEqual(['Home', 'Visitors']);

    fireEvent.click(french);
    expect(useUiStore.getState().language).toBe('fr');
    expect(crumbLabels()).toEqual(['Accueil', 'Visiteurs']);
  });

  it('offers employees a way back to their home, but not visitors', () => {
    const { unmount } = renderHome('fr');
    expect(
      screen.getByRole('link', { name: 'Retour à l’accueil salariés' }).getAttribute('href'),
    ).toBe('/accueil');
    unmount();
    localStorage.setItem('parcours', 'visiteur');
    resetShellState();
    renderHome('fr', '/accueil');
    expect(screen.queryByRole('link', { name: 'Retour à l’accueil salariés' })).toBeNull();
  });

  it('a tile adds its page to the breadcrumb', () => {
    const { router } = renderHome('en');
    fireEvent.click(
      screen.getByRole('link', { name: new RegExp(catalogueEn.visitorButtons.productRange.title) }),
    );
    expect(router.state.location.pathname).toBe('/accueil/visiteur/gamme');
    expect(crumbLabels()).toEqual(['Home', 'Visitors', 'Our product range']);
  });
});
