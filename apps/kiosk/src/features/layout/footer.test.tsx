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

  it('says the web site is not configured when the development publishes no address', () => {
    renderInKiosk(<Footer />);
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    expect(screen.queryByTitle('Site web de l’entreprise')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('pas encore configuré');
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
