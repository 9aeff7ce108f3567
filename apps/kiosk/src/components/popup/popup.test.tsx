import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Popup } from './popup';

describe('Popup', () => {
  it('closes on Fermer, on the overlay and on Escape, but not on a tap inside', () => {
    const onClose = vi.fn();
    render(
      <Popup open onClose={onClose} label="Plan du site">
        <p>contenu</p>
      </Popup>,
    );
    fireEvent.click(screen.getByText('contenu'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    fireEvent.click(screen.getByTestId('popup-overlay'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('renders nothing when closed', () => {
    render(
      <Popup open={false} onClose={() => {}} label="x">
        <p>contenu</p>
      </Popup>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
