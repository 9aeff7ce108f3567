import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { PublishButton } from './publish-button';

afterEach(() => vi.unstubAllGlobals());

// What the dialog shows and sends: features/revisions/revisions.test.tsx.
describe('PublishButton', () => {
  it('opens the publish dialog and publishes nothing until asked', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/draft/changes')
        ? {
            data: {
              publishedRevision: 3,
              counts: {
                zone: { added: 0, changed: 0, removed: 0 },
                element: { added: 0, changed: 0, removed: 0 },
                subgroup: { added: 0, changed: 0, removed: 0 },
                subelement: { added: 0, changed: 0, removed: 0 },
              },
              summary: 'Aucune modification non publiée',
              changes: [],
            },
          }
        : call.url.includes('/media')
          ? { data: [] }
          : undefined,
    );
    render(<PublishButton devid={1} devname="neubourg" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    const dialog = screen.getByRole('dialog', { name: 'Publier sur les totems de neubourg' });
    expect(
      await within(dialog).findByText(/publier renverra la révision 3 aux totems/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
