import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/test-support';
import { useConnectionStore } from '../network/network-monitor';
import { COMPANY_WEBSITE_URL, Footer } from './footer';

describe('Footer', () => {
  beforeEach(() => resetShellState());

  it('opens the company web site in a sandboxed frame with a Fermer button', () => {
    useConnectionStore.setState({ online: true });
    renderInKiosk(<Footer />);
    expect(screen.getByText(/Site du Neubourg/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    const frame = screen.getByTitle('Site web de l’entreprise');
    expect(frame.getAttribute('src')).toBe(COMPANY_WEBSITE_URL);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByTitle('Site web de l’entreprise')).toBeNull();
  });

  it('explains that the web site needs the network when the totem is offline', () => {
    useConnectionStore.setState({ online: false });
    renderInKiosk(<Footer />);
    fireEvent.click(screen.getByRole('button', { name: 'Notre site web' }));
    expect(screen.queryByTitle('Site web de l’entreprise')).toBeNull();
    expect(screen.getByText(/nécessite une connexion internet/)).toBeTruthy();
  });
});
