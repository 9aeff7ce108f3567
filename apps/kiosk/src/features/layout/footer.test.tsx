import { act, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useConnectionStore } from '../network';
import { Footer } from './footer';

const WEBSITE = 'https://www.plant.test/';
const publish = (websiteUrl: string | null) =>
  act(() =>
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, websiteUrl }, loaded: true }),
  );

describe('Footer', () => {
  beforeEach(() => {
    resetShellState();
    useConnectionStore.setState({ online: true, lastPingAt: new Date().toISOString() });
  });

  it('opens the published company web site in a sandboxed frame with a Fermer button', () => {
    publish(WEBSITE);
    renderInKiosk(<Footer />);
    expect(screen.getByText(/Site du Neubourg/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    const frame = screen.getByTitle('Site web de l’entreprise');
    expect(frame.getAttribute('src')).toBe(WEBSITE);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByTitle('Site web de l’entreprise')).toBeNull();
  });

  it('shows no link while the development publishes no address (issue 41, item 3)', () => {
    renderInKiosk(<Footer />);
    expect(screen.getByText(/Site du Neubourg/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Notre site web' })).toBeNull();
    expect(screen.queryByText(/pas encore configuré/)).toBeNull();
    // Published: the link comes without a reload; withdrawn: it goes, and its popup with it.
    publish(WEBSITE);
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    expect(screen.getByTitle('Site web de l’entreprise')).toBeTruthy();
    publish(null);
    expect(screen.queryByRole('button', { name: 'Notre site web' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows a newly published address without a reload', () => {
    publish(WEBSITE);
    renderInKiosk(<Footer />);
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    publish('https://groupe.test/accueil');
    expect(screen.getByTitle('Site web de l’entreprise').getAttribute('src')).toBe(
      'https://groupe.test/accueil',
    );
  });

  it('explains that the web site needs the network when the totem is offline', () => {
    publish(WEBSITE);
    useConnectionStore.setState({ online: false });
    renderInKiosk(<Footer />);
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    expect(screen.queryByTitle('Site web de l’entreprise')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('pas disponible hors ligne');
    expect(screen.getByText(/nécessite une connexion internet/)).toBeTruthy();
  });
});
