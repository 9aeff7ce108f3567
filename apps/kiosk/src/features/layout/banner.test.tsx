import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { Banner, homeTarget } from './banner';
import { Breadcrumb } from './breadcrumb';
import { CONTAINER_HEIGHTS, containerHeight, sectionId, usePageFrame } from './page-frame';

function Page({ title, anchors }: { title?: string; anchors?: string[] }) {
  usePageFrame({ title, anchors });
  return (
    <>
      {(anchors ?? []).map((label, index) => (
        <section key={label} id={sectionId(index)}>
          {label}
        </section>
      ))}
    </>
  );
}

function Frame(props: { title?: string; anchors?: string[] }) {
  return (
    <>
      <Banner />
      <Breadcrumb />
      <Page {...props} />
    </>
  );
}

describe('Banner', () => {
  beforeEach(() => resetShellState());

  it('leads home to /accueil/visiteur on visitor paths and to /accueil elsewhere', () => {
    expect(homeTarget('/accueil/visiteur/hse')).toBe('/accueil/visiteur');
    expect(homeTarget('/accueil/visiteur')).toBe('/accueil/visiteur');
    expect(homeTarget('/accueil/hse')).toBe('/accueil');

    const { router } = renderInKiosk(<Frame title="HSE" />, { path: '/accueil/visiteur/hse' });
    const home = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(home.getAttribute('href')).toBe('/accueil/visiteur');
    fireEvent.click(home);
    expect(router.state.location.pathname).toBe('/accueil/visiteur');
  });

  it('shows the page title and sets the document title; default "accueil"', () => {
    const { unmount } = renderInKiosk(<Frame title="Qualité" />, { path: '/accueil/qualite' });
    expect(screen.getByRole('heading', { name: 'Qualité' })).toBeTruthy();
    expect(document.title).toBe('Qualité');
    unmount();

    resetShellState();
    renderInKiosk(<Frame />, { path: '/accueil/x' });
    expect(document.title).toBe('accueil');
    expect(screen.getByRole('heading', { name: 'accueil' })).toBeTruthy();
  });

  it('puts up to 4 anchors on one row and splits more into two rows', () => {
    const { unmount } = renderInKiosk(<Frame title="A" anchors={['a', 'b', 'c', 'd']} />);
    expect(screen.getAllByTestId('anchor-row')).toHaveLength(1);
    unmount();

    const labels = [
      'Liste SST',
      'Numéros',
      'Corporel',
      'Malaise',
      'Incendie',
      'Pollution',
      'Portail',
      'Défibrillateurs',
      'Plan',
    ];
    renderInKiosk(<Frame title="Urgence" anchors={labels} />);
    const rows = screen.getAllByTestId('anchor-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('button')).toHaveLength(5);
    expect(within(rows[1]!).getAllByRole('button')).toHaveLength(4);
  });

  it('scrolls to the section of a tapped anchor and highlights it', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderInKiosk(<Frame title="HSE" anchors={['Politiques', 'EPI', 'PTI']} />);
    const epi = screen.getByRole('button', { name: 'EPI' });
    expect(screen.getByRole('button', { name: 'Politiques' }).getAttribute('aria-current')).toBe(
      'true',
    );
    fireEvent.click(epi);
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollIntoView.mock.instances[0]).toBe(document.getElementById('section-1'));
    expect(epi.getAttribute('aria-current')).toBe('true');
  });

  it('sizes the content container after the headband (docs/product.md#constants)', () => {
    expect(containerHeight({ showHeadband: false, anchors: [] })).toBe(CONTAINER_HEIGHTS.default);
    expect(containerHeight({ showHeadband: true, anchors: [] })).toBe(1534);
    expect(containerHeight({ showHeadband: true, anchors: ['a', 'b', 'c', 'd'] })).toBe(1400);
    expect(containerHeight({ showHeadband: true, anchors: ['a', 'b', 'c', 'd', 'e'] })).toBe(1348);
  });

  it('goes back to the defaults when the page unmounts', () => {
    const { unmount } = renderInKiosk(<Page title="HSE" anchors={['a']} />);
    expect(useUiStore.getState()).toMatchObject({ title: 'HSE', anchors: ['a'] });
    unmount();
    expect(useUiStore.getState()).toMatchObject({ title: null, anchors: [] });
  });
});
