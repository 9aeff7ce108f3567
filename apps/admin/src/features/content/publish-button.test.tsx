import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { PublishButton } from './publish-button';

describe('PublishButton', () => {
  it('publishes the development and shows how many kiosks were told', async () => {
    const calls = mockFetch(() => ({
      data: {
        delivered: 3,
        message: { devid: 1, type: 'sync', version: 9, revision: 9 },
        revision: 9,
        created: true,
      },
      message: 'Révision 9 publiée : 3 kiosques connectés ont été prévenus.',
    }));
    render(<PublishButton devid={1} devname="neubourg" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/admin/developments/1/publish' });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Révision 9 publiée : 3 kiosques connectés ont été prévenus.',
    );
  });

  it('says so when publishing fails', async () => {
    mockFetch(() => ({ status: 403, message: 'Vous n’avez pas accès à ce développement.' }));
    render(<PublishButton devid={2} devname="autre" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La publication a échoué : Vous n’avez pas accès à ce développement.×',
    );
  });
});
