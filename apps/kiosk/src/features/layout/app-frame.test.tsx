import { act, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useAccessibilityModes } from '../accessibility';
import { AppFrame } from './app-frame';
import { usePageFrame } from './page-frame';

function Page({ id }: { id: string }) {
  const { t } = useTranslation();
  usePageFrame({ title: id });
  return <p data-testid="page-text">{t('routeButton.tap')}</p>;
}

const routes = [
  {
    path: '/',
    element: <AppFrame />,
    children: [
      { path: 'accueil/hse', element: <Page id="staff" /> },
      { path: 'accueil/visiteur/hse', element: <Page id="visitor" /> },
    ],
  },
];

describe('AppFrame language', () => {
  beforeEach(() => resetShellState());

  it('uses the chosen language on visitor pages only, from the first render of each page', () => {
    // A published web site: the footer's link shows (none without an address: issue 41, item 3).
    useSettingsStore.setState({
      settings: { ...DEFAULT_SETTINGS, websiteUrl: 'https://www.plant.test/' },
      loaded: true,
    });
    useUiStore.setState({ language: 'en' });
    const { router } = renderInKiosk(null, { routes, path: '/accueil/visiteur/hse' });
    expect(screen.getByTestId('page-text').textContent).toBe('Tap to open');
    expect(screen.getByText('Our website')).toBeTruthy();

    act(() => {
      void router.navigate('/accueil/hse');
    });
    expect(screen.getByTestId('page-text').textContent).toBe('Toucher pour ouvrir');
    expect(screen.getByText('Notre site web')).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');

    act(() => {
      void router.navigate('/accueil/visiteur/hse');
    });
    expect(screen.getByTestId('page-text').textContent).toBe('Tap to open');
    expect(document.documentElement.lang).toBe('en');
  });

  it('sizes the content area after the headband and shows the sync banner and connection chip', () => {
    renderInKiosk(null, { routes, path: '/accueil/hse' });
    expect(screen.getByRole('main').style.height).toBe('1534px');
    expect(screen.getByTestId('connection-indicator').textContent).toBe('Hors ligne');
  });
});

describe('AppFrame in reach mode (decision 049)', () => {
  beforeEach(() => {
    resetShellState();
    useAccessibilityModes.getState().resetModes();
  });

  it('keeps the header, title and notice up, inert or still, and every control in the lower part', () => {
    renderInKiosk(null, { routes, path: '/accueil/hse' });
    const upper = document.querySelector('.frame-upper')!;
    const lower = document.querySelector('.frame-lower')!;
    // Outside the mode: the home button in the headband, nothing inert.
    expect(upper.querySelector('.banner__home')).not.toBeNull();
    expect(upper.querySelector('header')!.hasAttribute('inert')).toBe(false);
    expect(screen.queryByTestId('reach-notice')).toBeNull();

    act(() => useAccessibilityModes.getState().toggle('reach'));
    expect(upper.querySelector('header')!.hasAttribute('inert')).toBe(true);
    expect(upper.querySelector('.banner__title')!.textContent).toBe('staff');
    expect(upper.querySelector('.banner__home')).toBeNull();
    expect(screen.getByTestId('reach-notice')).toBeTruthy();
    // Every control outside the inert header is in the lower part.
    for (const control of Array.from(upper.querySelectorAll('a[href], button'))) {
      expect(control.closest('[inert]'), control.outerHTML).not.toBeNull();
    }
    expect(lower.querySelector('.banner__home')).not.toBeNull();
    expect(lower.querySelector('main#contenu')).not.toBeNull();
    expect(lower.querySelector('footer')).not.toBeNull();
    // The page stayed mounted through the toggle.
    expect(screen.getByTestId('page-text')).toBeTruthy();

    act(() => useAccessibilityModes.getState().resetModes());
    expect(upper.querySelector('.banner__home')).not.toBeNull();
    expect(upper.querySelector('header')!.hasAttribute('inert')).toBe(false);
  });
});

describe('AppFrame while a page is still loading', () => {
  beforeEach(() => resetShellState());

  /** A page whose chunk never arrives: the frame shows its spinner, and no page declared. */
  const Loading = lazy(() => new Promise<never>(() => {}));
  function Home() {
    usePageFrame({ showHeadband: false });
    return <p data-testid="page-text">home</p>;
  }
  const loadingRoutes = (home: ReactElement) => [
    {
      path: '/',
      element: <AppFrame />,
      children: [
        { path: 'accueil', element: home },
        { path: 'accueil/hse', element: <Loading /> },
      ],
    },
  ];

  it('gives a home its full height from the first frame, so nothing jumps when it arrives', () => {
    const { router } = renderInKiosk(null, {
      routes: loadingRoutes(<Loading />),
      path: '/accueil',
    });
    expect(document.querySelector('.page-loader')).not.toBeNull();
    expect(screen.queryByTestId('banner')).toBeNull();
    expect(screen.getByRole('main').style.height).toBe('1660px');

    // A page that is no home gets the headband over its spinner.
    act(() => {
      void router.navigate('/accueil/hse');
    });
    expect(screen.getByTestId('banner')).toBeTruthy();
    expect(screen.getByRole('main').style.height).toBe('1534px');
  });

  it('follows the page once it declared its frame', () => {
    renderInKiosk(null, { routes: loadingRoutes(<Home />), path: '/accueil' });
    expect(screen.getByTestId('page-text')).toBeTruthy();
    expect(screen.queryByTestId('banner')).toBeNull();
    expect(useUiStore.getState().declared).toBe(true);
  });
});
