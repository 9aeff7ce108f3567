import {
  DEFAULT_SETTINGS,
  type ContentChangeEntry,
  type DraftChanges,
  type MediaItem,
  type RevisionEntry,
} from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { PublishButton } from '../content';
import { HistoryPage } from './history-page';
import { UnpublishedPage } from './unpublished-page';

afterEach(() => vi.unstubAllGlobals());

const counts = (element = { added: 0, changed: 0, removed: 0 }) => ({
  zone: { added: 0, changed: 0, removed: 0 },
  element,
  subgroup: { added: 0, changed: 0, removed: 0 },
  subelement: { added: 0, changed: 0, removed: 0 },
});

const CHANGES: ContentChangeEntry[] = [
  {
    revision: 5,
    kind: 'element',
    itemId: 11,
    zoneid: 3,
    zonename: 'Plan du site',
    lastEdit: { username: 'camille', at: '2026-11-23T09:30:00.000Z' },
    before: {
      elementid: 11,
      zoneid: 3,
      order: 2,
      value: '/media/images/plan-2.png',
      type: 'image',
    },
    after: {
      elementid: 11,
      zoneid: 3,
      order: 2,
      value: 'media/uploads/1/nouveau-plan-1a2b.webp',
      type: 'image',
    },
  },
  {
    revision: 5,
    kind: 'element',
    itemId: 21,
    zoneid: 4,
    zonename: 'Menu',
    lastEdit: { username: 'dominique', at: '2026-11-23T10:00:00.000Z' },
    before: null,
    after: { elementid: 21, zoneid: 4, order: 1, value: 'Lasagnes', type: 'text' },
  },
];

const DRAFT: DraftChanges = {
  publishedRevision: 4,
  counts: counts({ added: 1, changed: 1, removed: 0 }),
  summary: '1 élément modifié, 1 élément ajouté',
  changes: CHANGES,
  warnings: [],
};

const MEDIA: MediaItem[] = [
  {
    mediaid: 9,
    devid: 1,
    kind: 'image',
    originalName: 'Nouveau plan.jpg',
    contentType: 'image/webp',
    bytes: 1000,
    width: 1080,
    height: 1920,
    value: 'media/uploads/1/nouveau-plan-1a2b.webp',
    url: '/media/uploads/1/nouveau-plan-1a2b.webp',
    thumbnailUrl: '/media/uploads/1/thumbs/nouveau-plan-1a2b.webp',
    createdAt: '2026-11-20T10:00:00.000Z',
    usedBy: [],
    usedByTemplates: [],
    fileProblem: null,
  },
];

const DEVELOPMENTS = [{ devid: 1, devname: 'neubourg', contentVersion: 4 }];

function api(
  extra: (call: Call) => { status?: number; data?: unknown; message?: string } | undefined,
) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/admin/developments') return { data: DEVELOPMENTS };
    if (call.url.startsWith('/api/admin/developments/1/media')) return { data: MEDIA };
    if (call.url === '/api/admin/developments/1/draft/changes') return { data: DRAFT };
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/modifications/:devid', element: <UnpublishedPage /> },
      { path: '/historique/:devid', element: <HistoryPage /> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('Modifications non publiées', () => {
  it('lists the changes by zone, with thumbnails, names and who made them', async () => {
    api(() => undefined);
    renderAt('/modifications/1');
    const plan = await screen.findByRole('region', { name: 'Zone Plan du site' });
    expect(within(plan).getByText('Modifié')).toBeTruthy();
    // The new image by its library name and thumbnail, the old one by its file name: no paths.
    expect(within(plan).getByText('Nouveau plan.jpg')).toBeTruthy();
    expect([...plan.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/media/images/plan-2.png',
      '/media/uploads/1/thumbs/nouveau-plan-1a2b.webp',
    ]);
    expect(within(plan).getByText('plan-2.png')).toBeTruthy();
    expect(plan.textContent).not.toContain('media/uploads');
    expect(plan.textContent).toContain('par camille, le');
    const menu = screen.getByRole('region', { name: 'Zone Menu' });
    expect(within(menu).getByText('Ajouté')).toBeTruthy();
    expect(within(menu).getByText('« Lasagnes »')).toBeTruthy();
    expect(screen.getByText(/1 élément modifié, 1 élément ajouté/)).toBeTruthy();
  });

  it('discards one zone after a confirmation', async () => {
    const calls = api((call) =>
      call.method === 'POST' && call.url.endsWith('/draft/discard')
        ? {
            data: {
              discarded: true,
              publishedRevision: 4,
              zoneid: 4,
              counts: counts({ added: 1, changed: 0, removed: 0 }),
              summary: '1 élément ajouté',
            },
          }
        : undefined,
    );
    renderAt('/modifications/1');
    const user = userEvent.setup();
    const menu = await screen.findByRole('region', { name: 'Zone Menu' });
    await user.click(
      within(menu).getByRole('button', { name: 'Annuler les modifications de cette zone' }),
    );
    const dialog = screen.getByRole('dialog', { name: /zone « Menu »/ });
    // Nothing sent before the confirmation.
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /revenir à la version publiée/ }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/admin/developments/1/draft/discard',
      body: { zoneid: 4 },
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Modifications de la zone « Menu » annulées',
    );
  });

  it('publishes one zone alone from its group', async () => {
    const calls = api((call) =>
      call.method === 'POST' && call.url.endsWith('/publish')
        ? {
            data: {
              delivered: 12,
              message: { devid: 1, type: 'sync', version: 5, revision: 5 },
              revision: 5,
              created: true,
              counts: counts({ added: 1, changed: 0, removed: 0 }),
            },
          }
        : undefined,
    );
    renderAt('/modifications/1');
    const user = userEvent.setup();
    const menu = await screen.findByRole('region', { name: 'Zone Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Publier cette zone' }));
    const dialog = screen.getByRole('dialog', { name: 'Publier la zone « Menu »' });
    // Only that zone's change is listed.
    expect(await within(dialog).findByText('« Lasagnes »')).toBeTruthy();
    expect(within(dialog).queryByText('Nouveau plan.jpg')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Publier cette zone' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { zoneid: 4 } });
    expect(
      await within(dialog).findByText('Révision 5 publiée — envoyée à 12 totems.'),
    ).toBeTruthy();
  });
});

describe('the publish dialog', () => {
  it('shows what will be published, takes a note and says which revision reached how many totems', async () => {
    const calls = api((call) =>
      call.method === 'POST'
        ? {
            data: {
              delivered: 1,
              message: { devid: 1, type: 'sync', version: 5, revision: 5 },
              revision: 5,
              created: true,
              counts: DRAFT.counts,
            },
          }
        : undefined,
    );
    render(<PublishButton devid={1} devname="neubourg" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    const dialog = screen.getByRole('dialog', { name: 'Publier sur les totems de neubourg' });
    expect(await within(dialog).findByText('« Lasagnes »')).toBeTruthy();
    expect(within(dialog).getByText('Nouveau plan.jpg')).toBeTruthy();
    await user.type(
      within(dialog).getByLabelText(/Note pour l’historique/),
      'Menu de la semaine 48',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/admin/developments/1/publish',
      body: { note: 'Menu de la semaine 48' },
    });
    expect(await within(dialog).findByText('Révision 5 publiée — envoyée à 1 totem.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Révision 5 publiée');
  });

  it('warns of the visitor zones it changes that lack an English version, and publishes all the same', async () => {
    const warning = (zoneid: number, zonename: string) => ({
      code: 'missing-translation' as const,
      zoneid,
      zonename,
      elementid: null,
      subgroupid: null,
      subelementid: null,
      message: `Zone « ${zonename} » (page visiteurs « Qualité ») n’a pas de version anglaise : les visiteurs en anglais la verront en français.`,
    });
    // The publish changes zones 3 and 4 and a visitor zone, 7; zone 8 also lacks its English
    // version but this publish does not touch it: the content page lists it, not this dialog.
    const draft: DraftChanges = {
      ...DRAFT,
      changes: [
        ...CHANGES,
        {
          revision: 5,
          kind: 'element',
          itemId: 31,
          zoneid: 7,
          zonename: 'Politiques qualité',
          lastEdit: null,
          before: null,
          after: { elementid: 31, zoneid: 7, order: 1, value: 'Notre politique', type: 'text' },
        },
      ],
      warnings: [warning(7, 'Politiques qualité'), warning(8, 'Certifications qualité')],
    };
    const calls = api((call) => {
      if (call.url === '/api/admin/developments/1/draft/changes') return { data: draft };
      if (call.method === 'POST') {
        return {
          data: {
            delivered: 0,
            message: { devid: 1, type: 'sync', version: 5, revision: 5 },
            revision: 5,
            created: true,
            counts: DRAFT.counts,
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
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText('1 zone des pages visiteurs n’a pas de version anglaise'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Traduire (Politiques qualité)', '/contenu/1/zones/7']]);
    expect(within(dialog).queryByText(/Certifications qualité/)).toBeNull();
    expect(within(dialog).getByText(/Zone « Politiques qualité » \(page visiteurs/)).toBeTruthy();
    // A warning, not a refusal: the publish button stays and the publish goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(await within(dialog).findByText(/Révision 5 publiée/)).toBeTruthy();
  });

  it('says nothing of missing translations when the publish touches no visitor zone', async () => {
    const warning = {
      code: 'missing-translation' as const,
      zoneid: 8,
      zonename: 'Certifications qualité',
      elementid: null,
      subgroupid: null,
      subelementid: null,
      message:
        'Zone « Certifications qualité » (page visiteurs « Qualité ») n’a pas de version anglaise : les visiteurs en anglais la verront en français.',
    };
    api((call) =>
      call.url === '/api/admin/developments/1/draft/changes'
        ? { data: { ...DRAFT, warnings: [warning] } }
        : undefined,
    );
    render(<PublishButton devid={1} devname="neubourg" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByText('« Lasagnes »');
    expect(within(dialog).queryByText(/version anglaise/)).toBeNull();
  });

  it('says so when publishing fails, and keeps the dialog open', async () => {
    api((call) =>
      call.method === 'POST'
        ? { status: 403, message: 'Vous n’avez pas accès à ce développement.' }
        : undefined,
    );
    render(<PublishButton devid={1} devname="neubourg" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publier sur les totems' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByText('« Lasagnes »');
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La publication a échoué : Vous n’avez pas accès à ce développement.',
    );
  });
});

describe('Historique', () => {
  const REVISIONS: RevisionEntry[] = [
    {
      revision: 5,
      publishedAt: '2026-11-23T10:05:00.000Z',
      author: { kind: 'user', name: 'camille', userid: 2 },
      note: 'Menu de la semaine 48',
      source: 'publish',
      counts: counts({ added: 1, changed: 0, removed: 0 }),
      summary: '1 élément ajouté',
    },
    {
      revision: 1,
      publishedAt: '2026-11-01T08:00:00.000Z',
      author: { kind: 'system', name: null, userid: null },
      note: null,
      source: 'seed',
      counts: counts(),
      summary: 'Aucune modification',
    },
  ];

  it('lists the revisions and shows one revision’s changes on demand', async () => {
    const calls = api((call) => {
      if (call.url.startsWith('/api/admin/developments/1/revisions?')) return { data: REVISIONS };
      if (call.url === '/api/admin/developments/1/revisions/5/changes') {
        return { data: { revision: REVISIONS[0], changes: [CHANGES[1]] } };
      }
      return undefined;
    });
    renderAt('/historique/1');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('camille');
    expect(rows[0]!.textContent).toContain('Menu de la semaine 48');
    expect(rows[0]!.textContent).toContain('1 élément ajouté');
    expect(rows[1]!.textContent).toContain('Contenu initial');
    expect(calls.some((call) => call.url.endsWith('/revisions/5/changes'))).toBe(false);

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Voir les modifications de la révision 5' }));
    const zone = await screen.findByRole('region', { name: 'Zone Menu' });
    expect(within(zone).getByText('« Lasagnes »')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Masquer de la révision 5' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('tells the times on the plant’s clock (New York here), not the browser’s', async () => {
    api((call) => {
      if (call.url === '/api/admin/developments/1/settings') {
        return {
          data: {
            devid: 1,
            settings: { ...DEFAULT_SETTINGS, timeZone: 'America/New_York' },
            unpublished: false,
          },
        };
      }
      if (call.url.startsWith('/api/admin/developments/1/revisions?')) return { data: REVISIONS };
      return undefined;
    });
    renderAt('/historique/1');
    // 10:05 UTC on 23 November is 05:05 in New York (UTC−5).
    expect(await screen.findByText('23/11/2026 05:05')).toBeTruthy();
    expect(screen.getByText('01/11/2026 03:00')).toBeTruthy();
  });
});

describe('the changes’ times', () => {
  it('says when each change was made on the plant’s clock', async () => {
    api((call) =>
      call.url === '/api/admin/developments/1/settings'
        ? {
            data: {
              devid: 1,
              settings: { ...DEFAULT_SETTINGS, timeZone: 'Asia/Tokyo' },
              unpublished: false,
            },
          }
        : undefined,
    );
    renderAt('/modifications/1');
    // 09:30 UTC is 18:30 in Tokyo.
    expect(await screen.findByText(/par camille, le 23\/11\/2026 18:30/)).toBeTruthy();
  });
});
