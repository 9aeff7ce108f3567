import {
  pathOf,
  type AdminDevelopment,
  type PackImportResult,
  type PackUploadSummary,
} from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { FakeXhr } from '../../testing/fake-xhr';
import { ImportNewDevelopmentPage, ImportPackPage } from './import-pack-page';

const DEVELOPMENTS: AdminDevelopment[] = [
  {
    devid: 1,
    devname: 'neubourg',
    contentVersion: 4,
    tokenVersion: 1,
    createdAt: '2026-11-01T08:00:00.000Z',
  },
];

const TOKEN = 'a1'.repeat(16);

const summary = (target: PackUploadSummary['target']): PackUploadSummary => ({
  token: TOKEN,
  expiresAt: '2026-11-27T10:00:00.000Z',
  fileName: 'paquet-evreux-revision-12.zip',
  bytes: 5 * 1024 * 1024,
  pack: {
    formatVersion: 1,
    product: { name: 'plant-kiosk', version: '1.4.0' },
    source: { devname: 'evreux', revision: 12, zones: null },
    referenceTime: '2026-11-26T08:00:00.000Z',
    counts: { zone: 2, element: 7, subgroup: 1, subelement: 3, alert_template: 1, setting: 1 },
    media: { files: 4, bytes: 4 * 1024 * 1024 },
  },
  target,
  changes: {
    zones: [
      { zonename: 'Menu', change: 'replaced', elementsBefore: 3, elementsAfter: 5 },
      { zonename: 'Produits', change: 'added', elementsBefore: 0, elementsAfter: 2 },
      { zonename: 'Ancienne zone', change: 'removed', elementsBefore: 4, elementsAfter: 0 },
    ],
    alertTemplates: { before: 2, after: 1 },
    settings: 'replaced',
    mediaInLibrary: 1,
  },
});

const RESULT: PackImportResult = {
  devid: 1,
  devname: 'neubourg',
  created: false,
  counts: { zone: 2, element: 7 },
  mediaAdded: 3,
  mediaReused: 1,
};

function api(
  answer: (call: Call) => ReturnType<Parameters<typeof mockFetch>[0]> = () => undefined,
) {
  return mockFetch((call) => {
    const given = answer(call);
    if (given) return given;
    if (call.url === pathOf('adminDevelopments')) return { data: DEVELOPMENTS };
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/paquets/importer/:devid', element: <ImportPackPage /> },
      { path: '/paquets/nouveau', element: <ImportNewDevelopmentPage /> },
      { path: '/modifications/:devid', element: <p>Page des modifications</p> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

const zip = () => new File(['PK'], 'paquet-evreux-revision-12.zip', { type: 'application/zip' });

describe('Importer un paquet de contenu', () => {
  it('sends the pack with its progress, sums it up, imports it on confirmation and links to the changes', async () => {
    const calls = api((call) =>
      call.method === 'POST' && call.url === pathOf('adminImportPack', { params: { token: TOKEN } })
        ? { data: RESULT, message: 'Paquet importé dans les modifications non publiées.' }
        : undefined,
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt('/paquets/importer/1');
    expect(await screen.findByRole('heading', { name: 'Importer un paquet de contenu' }));
    await userEvent.upload(await screen.findByLabelText('Paquet de contenu (.zip)'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer et vérifier le paquet' }));
    expect(FakeXhr.last.url).toBe(pathOf('adminUploadPack', { query: { into: 1 } }));
    FakeXhr.last.progress(40, 100);
    expect(await screen.findByText('Envoi : 40 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Envoi du paquet' })).toBeTruthy();
    FakeXhr.last.answer(201, {
      data: summary({ kind: 'into', devid: 1, devname: 'neubourg' }),
      message: 'Paquet vérifié',
      error: null,
    });

    const holds = await screen.findByRole('region', { name: 'Ce que contient le paquet' });
    expect(within(holds).getByText(/Développement « evreux », révision publiée 12/)).toBeTruthy();
    expect(
      within(holds).getByText('2 zones, 7 éléments, 1 sous-groupe, 3 sous-éléments'),
    ).toBeTruthy();
    expect(within(holds).getByText('4 fichiers, 4 Mo')).toBeTruthy();
    const changes = screen.getByRole('region', { name: 'Ce que l’import changera' });
    expect(within(changes).getByText(/Tout le brouillon de « neubourg »/)).toBeTruthy();
    expect(
      within(changes).getByText(/1 zone du brouillon absente du paquet sera retirée/),
    ).toBeTruthy();
    const rows = within(changes).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ZoneChangementÉléments maintenantÉléments après',
      'Menuremplacée35',
      'Produitsajoutée02',
      'Ancienne zoneretirée du brouillon40',
    ]);
    expect(
      within(changes).getByText(/3 ajoutés à la médiathèque, 1 déjà présent, réutilisé/),
    ).toBeTruthy();

    await userEvent.click(
      screen.getByRole('button', { name: 'Importer dans les modifications non publiées' }),
    );
    expect(await screen.findByRole('heading', { name: 'Paquet importé' })).toBeTruthy();
    const confirmation = calls.find((call) => call.url.endsWith('/import'))!;
    expect(confirmation.body).toEqual({ into: 1 });
    await userEvent.click(
      screen.getByRole('link', { name: 'Voir les modifications non publiées' }),
    );
    expect(await screen.findByText('Page des modifications')).toBeTruthy();
  });

  it('shows every reason of a refused pack, and lets another file be chosen', async () => {
    api();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt('/paquets/importer/1');
    await userEvent.upload(await screen.findByLabelText('Paquet de contenu (.zip)'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer et vérifier le paquet' }));
    FakeXhr.last.answer(422, {
      data: {
        reasons: [
          'L’entrée « ../evil.txt » sort du paquet.',
          'Le fichier media/a.webp n’a pas la somme de contrôle du manifeste.',
        ],
      },
      message: 'Paquet refusé pour 2 raisons, listées ci-dessous. Rien n’a été importé.',
      error: 'bad_request',
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Paquet refusé pour 2 raisons/)).toBeTruthy();
    const reasons = within(alert).getByRole('list', { name: 'Raisons du refus' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'L’entrée « ../evil.txt » sort du paquet.',
      'Le fichier media/a.webp n’a pas la somme de contrôle du manifeste.',
    ]);
    expect(screen.getByRole('button', { name: 'Envoyer et vérifier le paquet' })).toBeTruthy();
  });

  it('asks a new development’s name first, and sends its kiosk account with the confirmation', async () => {
    const calls = api((call) =>
      call.url.endsWith('/import')
        ? { data: { ...RESULT, devid: 7, devname: 'evreux', created: true }, message: 'Importé.' }
        : undefined,
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt('/paquets/nouveau');
    const send = await screen.findByRole('button', { name: 'Envoyer et vérifier le paquet' });
    await userEvent.click(send);
    expect(await screen.findByText(/Choisissez le paquet à importer/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Nom du nouveau développement'), 'Évreux!');
    await userEvent.upload(screen.getByLabelText('Paquet de contenu (.zip)'), zip());
    await userEvent.click(send);
    expect(await screen.findByText(/Lettres minuscules sans accent/)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Nom du nouveau développement'));
    await userEvent.type(screen.getByLabelText('Nom du nouveau développement'), 'evreux');
    await userEvent.click(send);
    expect(FakeXhr.last.url).toBe(pathOf('adminUploadPack', { query: { as: 'evreux' } }));
    FakeXhr.last.answer(201, {
      data: summary({ kind: 'as', devid: null, devname: 'evreux' }),
      message: '',
      error: null,
    });
    expect(await screen.findByText(/Le développement « evreux » est créé/)).toBeTruthy();
    await userEvent.type(
      screen.getByLabelText('Identifiant du compte kiosque (facultatif)'),
      'borne',
    );
    await userEvent.type(screen.getByLabelText('Mot de passe du compte kiosque'), 'borne-secrete');
    await userEvent.click(screen.getByRole('button', { name: 'Créer et importer' }));
    expect(await screen.findByText(/Nouveau développement « evreux »/)).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/import'))!.body).toEqual({
      as: 'evreux',
      login: 'borne',
      password: 'borne-secrete',
    });
  });

  it('drops the upload when the summary is cancelled', async () => {
    const calls = api((call) =>
      call.method === 'DELETE'
        ? { data: { token: TOKEN }, message: 'Envoi abandonné.' }
        : undefined,
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt('/paquets/importer/1');
    await userEvent.upload(await screen.findByLabelText('Paquet de contenu (.zip)'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer et vérifier le paquet' }));
    FakeXhr.last.answer(201, {
      data: summary({ kind: 'into', devid: 1, devname: 'neubourg' }),
      message: '',
      error: null,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(
      await screen.findByRole('button', { name: 'Envoyer et vérifier le paquet' }),
    ).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith(TOKEN))).toBe(true),
    );
  });
});
