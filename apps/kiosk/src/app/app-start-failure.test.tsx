import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { resetShellState, TEST_CONFIG } from './testing/render-in-kiosk';

// The logged-in kiosk is a lazy chunk (compression and bundle split, decision 020): here it fails
// as it starts.
vi.mock('./logged-in-kiosk', () => ({
  default: () => {
    throw new Error('le kiosque a planté');
  },
}));

describe('App root, when the logged-in kiosk fails to start', () => {
  beforeEach(() => {
    resetShellState();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the error screen with its Recharger button, not a blank screen', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    localStorage.setItem(`jwt-${TEST_CONFIG.devname}`, 'jwt-2');
    localStorage.setItem(`devid-${TEST_CONFIG.devname}`, '3');
    render(<App config={TEST_CONFIG} />);

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('le kiosque a planté')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
