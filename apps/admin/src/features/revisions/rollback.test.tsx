import type {
  MediaItem,
  RevisionContent,
  RevisionEntry,
  RollbackPreview,
  RollbackResponse,
} from '@plant-kiosk/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { PublishButton } from '../content';
import { HistoryPage } from './history-page';

afterEach(() => vi.unstubAllGlobals());

const none = { added: 0, changed: 0, removed: 0 };
const counts = (element = none) => ({ zone: none, element, subgroup: none, subelement: none });
const entry = (revision: number, extra: Partial<RevisionEntry> = {}): RevisionEntry => ({
  revision,
  publishedAt: `2026-11-2${revision}T08:00:00.000Z`,
  author: { kind: 'user', name: 'camille', userid: 2 },
  note: null,
  source: 'publish',
  counts: counts({ added: 0, changed: 1, removed: 0 }),
  summary: '1 élément modifié',
  ...extra,
});
const REVISIONS = [entry(3, { note: 'Mauvais menu' }), entry(2, { note: 'Menu semaine 48' })];
const DEVELOPMENTS = [
  {
    devid: 1,
    devname: 'neubourg',
    contentVersion: 3,
    tokenVersion: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
  },
];
const ROLLED: RollbackResponse = {
  rolledBackTo: 2,
  revision: 4,
  created: true,
  counts: counts({ added: 0, changed: 1, removed: 0 }),
  summary: '1 élément modifié',
  delivered: 3,
};

function api(
  extra: (call: Call) => { status?: number; data?: unknown; message?: string } | undefined,
) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/admin/developments') return { data: DEVELOPMENTS };
    if (call.url.startsWith('/api/admin/developments/1/media')) return { data: [] };
    if (call.url.startsWith('/api/admin/developments/1/revisions?')) return { data: REVISIONS };
    return undefined;
  });
}

function renderHistory(withSession = false) {
  const router = createMemoryRouter([{ path: '/historique/:devid', element: <HistoryPage /> }], {
    initialEntries: ['/historique/1'],
  });
  const page = <RouterProvider router={router} />;
  return render(withSession ? <SessionProvider>{page}</SessionProvider> : page);
}

describe('Revenir à cette version', () => {
  it('asks first, then publishes the old revision again and says so', async () => {
    const calls = api((call) =>
      call.method === 'POST' && call.url === '/api/admin/developments/1/revisions/2/rollback'
        ? { data: ROLLED }
        : undefined,
    );
    renderHistory();
    // The live revision offers no rollback; the older one does.
    const rollbacks = await screen.findAllByRole('button', { name: /Revenir à cette version/ });
    expect(rollbacks).toHaveLength(1);
    await userEvent.click(rollbacks[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Revenir à la révision 2 ?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revenir à cette version' }));
    expect(
      await screen.findByText('Révision 4 publiée : retour à la révision 2 — envoyée à 3 totems.'),
    ).toBeTruthy();
  });

  it('says what will change on the totems now, not what the old revision changed then', async () => {
    const image = (mediaid: number, originalName: string, value: string): MediaItem =>
      ({
        mediaid,
        devid: 1,
        kind: 'image',
        originalName,
        contentType: 'image/webp',
        bytes: 1000,
        width: 1080,
        height: 1920,
        value,
        url: `/${value}`,
        thumbnailUrl: `/${value.replace('1/', '1/thumbs/')}`,
        createdAt: '2026-11-20T10:00:00.000Z',
        usedBy: [],
        usedByTemplates: [],
        // fileProblem (media integrity, decision 029) lands beside this test: `as` compiles either way.
        fileProblem: null,
      }) as MediaItem;
    const media = [
      image(1, 'Menu semaine 48.jpg', 'media/uploads/1/menu-48-1a2b3c4d.webp'),
      image(2, 'Menu faux.jpg', 'media/uploads/1/menu-faux-5e6f7a8b.webp'),
    ];
    const row = (value: string) => ({ elementid: 21, zoneid: 4, order: 2, value, type: 'image' });
    const preview: RollbackPreview = {
      target: 2,
      publishedRevision: 3,
      counts: counts({ added: 0, changed: 1, removed: 0 }),
      summary: '1 élément modifié',
      total: 1,
      limit: 50,
      changes: [
        {
          revision: 4,
          kind: 'element',
          itemId: 21,
          zoneid: 4,
          zonename: 'Menu',
          before: row(media[1]!.value),
          after: row(media[0]!.value),
        },
      ],
    };
    api((call) => {
      if (call.url === '/api/admin/developments/1/revisions/2/rollback-preview') {
        return { data: preview };
      }
      if (call.url.startsWith('/api/admin/developments/1/media')) return { data: media };
      return undefined;
    });
    renderHistory();
    await userEvent.click(
      (await screen.findAllByRole('button', { name: /Revenir à cette version/ }))[0]!,
    );
    const dialog = screen.getByRole('dialog', { name: 'Revenir à la révision 2 ?' });
    // Not revision 2's own summary ("1 élément modifié" when it was published): the difference
    // between now (revision 3) and revision 2, in the words of "Modifications non publiées".
    expect(await within(dialog).findByText(/Ce qui va changer sur les totems/)).toBeTruthy();
    expect(dialog.textContent).toContain('aujourd’hui (révision 3) : 1 élément modifié.');
    const zone = within(dialog).getByRole('region', { name: 'Zone Menu' });
    expect(within(zone).getByText('Image n° 2')).toBeTruthy();
    expect(within(zone).getByText('Modifié')).toBeTruthy();
    const [now, then] = [...zone.querySelectorAll('.change-before, .change-after')];
    expect(now!.textContent).toBe('avant : Menu faux.jpg');
    expect(then!.textContent).toBe('après : Menu semaine 48.jpg');
    expect(zone.querySelectorAll('img.thumb-small')).toHaveLength(2);
  });

  it('says when a long difference is only partly listed, and when nothing would change', async () => {
    const change = (itemId: number) => ({
      revision: 4,
      kind: 'element' as const,
      itemId,
      zoneid: 4,
      zonename: 'Menu',
      before: {
        elementid: itemId,
        zoneid: 4,
        order: itemId,
        value: `Plat ${itemId}`,
        type: 'text',
      },
      after: null,
    });
    let total = 120;
    api((call) =>
      call.url === '/api/admin/developments/1/revisions/2/rollback-preview'
        ? {
            data: {
              target: 2,
              publishedRevision: 3,
              counts: counts({ added: 0, changed: 0, removed: total }),
              summary: total ? `${total} éléments supprimés` : 'Aucune modification',
              total,
              limit: 50,
              changes: total ? [change(1), change(2)] : [],
            } satisfies RollbackPreview,
          }
        : undefined,
    );
    renderHistory();
    await userEvent.click(
      (await screen.findAllByRole('button', { name: /Revenir à cette version/ }))[0]!,
    );
    let dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText(/… et 118 autres modifications, non listées ici/),
    ).toBeTruthy();
    expect(dialog.textContent).toContain('120 éléments supprimés');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    total = 0;
    await userEvent.click(screen.getAllByRole('button', { name: /Revenir à cette version/ })[0]!);
    dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Les totems affichent déjà le contenu de la révision 2 : rien ne changera.',
      ),
    ).toBeTruthy();
  });

  it('on unpublished changes, offers to discard them and roll back, or to cancel', async () => {
    let discarded = false;
    const calls = api((call) => {
      if (call.method === 'POST' && call.url.endsWith('/draft/discard')) {
        discarded = true;
        return {
          data: {
            discarded: true,
            publishedRevision: 3,
            zoneid: null,
            counts: counts({ added: 0, changed: 1, removed: 0 }),
            summary: '1 élément modifié',
          },
        };
      }
      if (call.method === 'POST' && call.url.endsWith('/revisions/2/rollback')) {
        return discarded
          ? { data: ROLLED }
          : {
              status: 409,
              data: { reason: 'draft-changed', counts: counts() },
              message: 'Le brouillon a des modifications non publiées (1 élément modifié).',
            };
      }
      return undefined;
    });
    renderHistory();
    await userEvent.click(
      (await screen.findAllByRole('button', { name: /Revenir à cette version/ }))[0]!,
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revenir à cette version' }));
    expect(await within(dialog).findByText(/modifications non publiées/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Annuler les modifications et revenir' }),
    );
    await screen.findByText(/Révision 4 publiée/);
    expect(
      calls
        .filter((call) => call.method === 'POST')
        .map((call) => call.url.split('/').slice(-2).join('/')),
    ).toEqual(['2/rollback', 'draft/discard', '2/rollback']);
  });

  it('shows a revision’s content read-only', async () => {
    const content: RevisionContent = {
      revision: REVISIONS[1]!,
      content: {
        zone: [{ zoneid: 4, zonename: 'Menu', type: 'images', checklist: 0 }],
        element: [
          {
            elementid: 21,
            zoneid: 4,
            order: 1,
            value: 'media/uploads/1/menu-48.webp',
            type: 'image',
          },
        ],
        subgroup: [],
        subelement: [],
      },
    };
    api((call) =>
      call.url === '/api/admin/developments/1/revisions/2/content' ? { data: content } : undefined,
    );
    renderHistory();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Voir le contenu de la révision 2' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Contenu de la révision 2' });
    const menu = await within(dialog).findByRole('region', { name: 'Menu' });
    expect(within(menu).getByText('media/uploads/1/menu-48.webp')).toBeTruthy();
  });

  it('is not offered to an editor without the publish right, nor is publishing', async () => {
    api((call) =>
      call.url === '/api/admin/session'
        ? {
            data: {
              user: {
                userid: 5,
                username: 'preparatrice',
                role: 'editor',
                disabled: false,
                createdAt: '2026-11-01T08:00:00.000Z',
                devids: [1],
                canPublish: false,
              },
              csrfToken: 'x',
              expiresAt: '2026-12-01T08:00:00.000Z',
            },
          }
        : undefined,
    );
    renderHistory(true);
    await screen.findAllByRole('button', { name: /Voir le contenu/ });
    expect(screen.queryByRole('button', { name: /Revenir à cette version/ })).toBeNull();

    const router = createMemoryRouter(
      [{ path: '/', element: <PublishButton devid={1} devname="neubourg" /> }],
      { initialEntries: ['/'] },
    );
    const { container } = render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    await waitFor(() => expect(container.querySelector('.publish')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Publier sur les totems' })).toBeNull();
  });
});

describe('a refused publish', () => {
  it('lists the problems, each linking to its item, and publishes nothing', async () => {
    api((call) => {
      if (call.url === '/api/admin/developments/1/draft/changes') {
        return {
          data: { publishedRevision: 3, counts: counts(), summary: 'Aucune', changes: [] },
        };
      }
      if (call.method === 'POST' && call.url === '/api/admin/developments/1/publish') {
        return {
          status: 409,
          message: 'Publication refusée : 1 problème à corriger.',
          data: {
            problems: [
              {
                code: 'empty-emergency-zone',
                message:
                  'Zone « Défibrillateurs » est vide : la page d’urgence des totems la montrerait sans rien.',
                zoneid: 12,
                zonename: 'Défibrillateurs',
                elementid: null,
                subgroupid: null,
                subelementid: null,
              },
            ],
          },
        };
      }
      return undefined;
    });
    const router = createMemoryRouter(
      [{ path: '/', element: <PublishButton devid={1} devname="neubourg" /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Publier' }));
    expect(await within(dialog).findByText(/Rien n’a été publié : 1 problème/)).toBeTruthy();
    expect(within(dialog).getByText(/Défibrillateurs » est vide/)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: /Corriger/ });
    expect(link.getAttribute('href')).toBe('/contenu/1/zones/12');
  });
});
