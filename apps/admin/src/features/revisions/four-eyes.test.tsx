/**
 * Four-eyes publishing in the revisions feature (issue 51, part 2): the publish dialog becomes a
 * request (note required, nothing published), an admin may publish without approval with a
 * reason, a publish refused because four-eyes was turned on meanwhile turns the dialog into the
 * request form, and « Double validation » on a development's page. The requests page:
 * publication-requests/requests-page.test.tsx.
 */
import {
  DEFAULT_SETTINGS,
  type AdminSession,
  type ContentChangeEntry,
  type DraftChanges,
  type FourEyesSettings,
} from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { FourEyesSection } from './four-eyes-section';
import { PublishDialog } from './publish-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const none = { added: 0, changed: 0, removed: 0 };
const change: ContentChangeEntry = {
  revision: 5,
  kind: 'element',
  itemId: 21,
  zoneid: 4,
  zonename: 'Menu',
  before: { elementid: 21, zoneid: 4, order: 1, value: 'Avant', type: 'text' },
  after: { elementid: 21, zoneid: 4, order: 1, value: 'Lasagnes', type: 'text' },
};
const draft: DraftChanges = {
  publishedRevision: 4,
  counts: { zone: none, element: { ...none, changed: 1 }, subgroup: none, subelement: none },
  summary: '1 élément modifié',
  changes: [change],
  warnings: [],
};
const fourEyes = (enabled: boolean): FourEyesSettings => ({
  devid: 1,
  enabled,
  allowToken: false,
  updatedAt: null,
  updatedBy: null,
});
const session = (role: 'admin' | 'editor'): AdminSession => ({
  user: {
    userid: role === 'admin' ? 1 : 2,
    username: role === 'admin' ? 'admin' : 'camille',
    role,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    devids: [1],
    canPublish: role === 'admin',
    canAlert: false,
  },
  csrfToken: 'csrf',
  expiresAt: '2026-12-31T00:00:00.000Z',
});

function api(
  role: 'admin' | 'editor',
  state: { enabled: boolean },
  extra: (call: Call) => { status?: number; data?: unknown; message?: string } | undefined = () =>
    undefined,
) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/admin/me') return { data: session(role) };
    if (call.url === '/api/admin/developments/1/four-eyes' && call.method === 'GET')
      return { data: fourEyes(state.enabled) };
    if (call.url === '/api/admin/developments/1/settings')
      return { data: { devid: 1, settings: DEFAULT_SETTINGS, unpublished: false } };
    if (call.url.startsWith('/api/admin/developments/1/media')) return { data: [] };
    if (call.url === '/api/admin/developments/1/draft/changes') return { data: draft };
    return undefined;
  });
}

function renderIn(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SessionProvider>{element}</SessionProvider> },
      { path: '/demandes/:devid', element: null },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the publish dialog under four-eyes', () => {
  it('makes a request with a mandatory note, and publishes nothing', async () => {
    const calls = api('editor', { enabled: true }, (call) =>
      call.method === 'POST' && call.url === '/api/admin/developments/1/publication-requests'
        ? {
            status: 201,
            data: { id: 9, at: null, note: 'Menu S49', state: 'requested' },
          }
        : undefined,
    );
    renderIn(<PublishDialog devid={1} devname="neubourg" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', {
      name: 'Demander une publication sur les totems de neubourg',
    });
    await within(dialog).findByText('« Lasagnes »');
    expect(within(dialog).getByRole('radio', { name: 'Dès son approbation' })).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Envoyer la demande' });
    expect(send).toHaveProperty('disabled', true);
    expect(within(dialog).queryByText(/Publier sans approbation/)).toBeNull();
    const user = userEvent.setup();
    await user.type(
      within(dialog).getByLabelText('Note pour la personne qui approuvera (obligatoire)'),
      'Menu S49',
    );
    await user.click(send);
    await within(dialog).findByText(/Demande 9 envoyée/);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/developments/1/publication-requests', { note: 'Menu S49' }],
    ]);
    expect(
      within(dialog).getByRole('link', { name: 'Voir les demandes de publication' }),
    ).toBeTruthy();
  });

  it('lets an admin publish without approval once a reason of ten characters is given', async () => {
    const calls = api('admin', { enabled: true }, (call) =>
      call.method === 'POST' && call.url === '/api/admin/developments/1/publish'
        ? {
            data: {
              delivered: 2,
              message: { devid: 1, type: 'sync', version: 5, revision: 5 },
              revision: 5,
              created: true,
              counts: draft.counts,
            },
          }
        : undefined,
    );
    renderIn(<PublishDialog devid={1} devname="neubourg" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', {
      name: 'Demander une publication sur les totems de neubourg',
    });
    const user = userEvent.setup();
    await user.click(
      await within(dialog).findByRole('checkbox', {
        name: 'Publier sans approbation (urgence, administrateur)',
      }),
    );
    const publish = within(dialog).getByRole('button', { name: 'Publier sans approbation' });
    await user.type(
      within(dialog).getByLabelText('Raison (obligatoire, inscrite au journal)'),
      'vite',
    );
    expect(publish).toHaveProperty('disabled', true);
    await user.type(
      within(dialog).getByLabelText('Raison (obligatoire, inscrite au journal)'),
      ' : numéro des pompiers faux',
    );
    await user.click(publish);
    await within(dialog).findByText(/Révision 5 publiée/);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ bypassReason: 'vite : numéro des pompiers faux' });
  });

  it('turns into the request form when the server says four-eyes was turned on meanwhile', async () => {
    const state = { enabled: false };
    api('admin', state, (call) => {
      if (call.method !== 'POST') return undefined;
      state.enabled = true;
      return {
        status: 409,
        data: { reason: 'four-eyes' },
        message: 'Ce développement publie à quatre yeux : faites une demande.',
      };
    });
    renderIn(<PublishDialog devid={1} devname="neubourg" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', {
      name: 'Publier sur les totems de neubourg',
    });
    await within(dialog).findByText('« Lasagnes »');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await within(dialog).findByText(/publie à quatre yeux/);
    await screen.findByRole('dialog', {
      name: 'Demander une publication sur les totems de neubourg',
    });
  });
});

describe('« Double validation des publications » on a development’s page', () => {
  it('saves the setting and says what it means', async () => {
    const calls = api('admin', { enabled: false }, (call) =>
      call.method === 'PUT'
        ? {
            data: { ...fourEyes(true), updatedBy: 'admin', updatedAt: '2026-11-27T09:00:00.000Z' },
            message: 'Double validation activée.',
          }
        : undefined,
    );
    renderIn(<FourEyesSection devid={1} />);
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', {
      name: 'Exiger l’approbation d’une autre personne avant chaque publication',
    });
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(box);
    await user.click(save);
    await screen.findByText('Double validation activée.');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      enabled: true,
      allowToken: false,
    });
  });
});
