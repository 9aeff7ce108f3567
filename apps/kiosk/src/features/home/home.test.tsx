import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { HOME_CRUMB, useUiStore } from '../../lib/ui-store/ui-store';
import { homeButtons } from './home-buttons';
import StaffHome from './staff-home';

const rowTitles = () =>
  within(screen.getByTestId('home-rows'))
    .getAllByRole('link')
    .map((link) => link.querySelector('.route-button__title')?.textContent);

const MOULAGE = [
  'Moulage',
  'Informations RH',
  'HSE',
  'Qualité',
  'Autres informations',
  'BE LEAN +',
  'Suggestion System',
  'Urgence',
];

const FORM = 'https://forms.plant.test/idees';
const publishForm = (suggestionFormUrl: string | null) =>
  useSettingsStore.setState({
    settings: { ...DEFAULT_SETTINGS, suggestionFormUrl },
    loaded: true,
  });

describe('staff home', () => {
  beforeEach(() => {
    resetShellState();
    publishForm(FORM);
  });

  it('shows the Moulage rows when no totem is stored', () => {
    renderInKiosk(<StaffHome />, { path: '/accueil' });
    expect(rowTitles()).toEqual(MOULAGE);
  });

  it('shows the Moulage rows for a Moulage totem, emergency in red paired on the last row', () => {
    localStorage.setItem('totem', 'Moulage');
    resetShellState();
    publishForm(FORM);
    renderInKiosk(<StaffHome />, { path: '/accueil' });
    expect(rowTitles()).toEqual(MOULAGE);
    const urgence = screen.getByRole('link', { name: /Urgence/ });
    expect(urgence.className).toContain('route-button--rouge');
    expect(urgence.className).not.toContain('route-button--wide');
    expect(homeButtons('Moulage', { suggestionForm: true }).map((button) => button.to)).toEqual([
      '/accueil/moulage',
      '/accueil/informations',
      '/accueil/hse',
      '/accueil/qualite',
      '/accueil/autresInformations',
      '/accueil/projets',
      '/accueil/formulaire',
      '/accueil/urgence',
    ]);
  });

  it('shows the Assemblage rows without Moulage, with the emergency button alone on the last row', () => {
    localStorage.setItem('totem', 'Assemblage');
    resetShellState();
    publishForm(FORM);
    renderInKiosk(<StaffHome />, { path: '/accueil' });
    expect(rowTitles()).toEqual([
      'HSE',
      'Qualité',
      'BE LEAN +',
      'Informations RH',
      'Autres informations',
      'Suggestion System',
      'Urgence',
    ]);
    // Its own order (docs/product.md#screens), not the Moulage sequence minus Moulage (totem-size screen fixes).
    expect(rowTitles()).not.toEqual(MOULAGE.filter((title) => title !== 'Moulage'));
    const urgence = screen.getByRole('link', { name: /Urgence/ });
    expect(urgence.className).toContain('route-button--rouge');
    expect(urgence.className).toContain('route-button--wide');
  });

  it('hides Suggestion System while no form address is published, and shows it once one is (issue 41, item 3)', () => {
    publishForm(null);
    renderInKiosk(<StaffHome />, { path: '/accueil' });
    expect(rowTitles()).toEqual(MOULAGE.filter((title) => title !== 'Suggestion System'));
    expect(screen.queryByRole('link', { name: /Suggestion System/ })).toBeNull();
    // Seven buttons: the emergency button takes the last row alone rather than sit by a hole.
    expect(screen.getByRole('link', { name: /^Urgence/ }).className).toContain(
      'route-button--wide',
    );
    act(() => publishForm(FORM));
    expect(rowTitles()).toEqual(MOULAGE);
    expect(screen.getByRole('link', { name: /^Urgence/ }).className).not.toContain(
      'route-button--wide',
    );
  });

  it('Assemblage without the form: six buttons, the emergency button paired', () => {
    expect(
      homeButtons('Assemblage', { suggestionForm: false }).map((button) => [
        button.key,
        !!button.wide,
      ]),
    ).toEqual([
      ['hse', false],
      ['qualite', false],
      ['beLean', false],
      ['informations', false],
      ['autresInformations', false],
      ['urgence', false],
    ]);
  });

  it('has the visitors button and the three top buttons, resets breadcrumb and language', () => {
    useUiStore.setState({
      language: 'en',
      crumbs: [HOME_CRUMB, { label: 'HSE', path: '/accueil/hse' }],
    });
    const { router } = renderInKiosk(<StaffHome />, { path: '/accueil' });
    expect(useUiStore.getState()).toMatchObject({ language: 'fr', crumbs: [HOME_CRUMB] });
    for (const [name, href] of [
      [/Le Groupe/, '/accueil/groupe'],
      [/Le site du Neubourg/, '/accueil/siteNeubourg'],
      [/Nos clients/, '/accueil/nosClientsNosProduits'],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    fireEvent.click(screen.getByRole('link', { name: /Espace visiteurs/ }));
    expect(router.state.location.pathname).toBe('/accueil/visiteur/');
    expect(useUiStore.getState().crumbs.map((crumb) => crumb.label)).toEqual([
      'Accueil',
      'Visiteurs',
    ]);
  });

  it('has a one-tap emergency-numbers strip outside the rows (totem-size screen fixes)', () => {
    for (const totem of ['Moulage', 'Assemblage']) {
      localStorage.setItem('totem', totem);
      resetShellState();
      const { router, unmount } = renderInKiosk(<StaffHome />, { path: '/accueil' });
      const strip = screen.getByRole('link', { name: /Numéros d’urgence/ });
      expect(strip.getAttribute('href')).toBe('/accueil/urgence');
      expect(within(screen.getByTestId('home-rows')).queryByText('Numéros d’urgence')).toBeNull();
      // The emergency button is still the last of the rows.
      expect(rowTitles().at(-1)).toBe('Urgence');
      fireEvent.click(strip);
      expect(router.state.location.pathname).toBe('/accueil/urgence');
      unmount();
    }
  });

  it('invites people with the scrolling banner text', () => {
    renderInKiosk(<StaffHome />, { path: '/accueil' });
    expect(
      screen.getAllByText(/informations pratiques du site et vos demandes d’accès/).length,
    ).toBeGreaterThan(0);
  });
});
