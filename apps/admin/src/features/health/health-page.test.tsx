/**
 * « Santé des totems » (issue 48, part 2): an admin changes a threshold and saves (the body the
 * server gets, its message shown, a French 400 shown as is); an editor reads the rules without a
 * way to change them; the incidents are listed newest first with their state in words, a pending
 * one left out, and the muted totems.
 */
import {
  DEFAULT_SETTINGS,
  defaultHealthRules,
  pathOf,
  type HealthIncidentList,
  type HealthRules,
} from '@plant-kiosk/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { HealthPage } from './health-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rulesOf = (canEdit: boolean): HealthRules => ({
  devid: 1,
  ...defaultHealthRules(),
  updatedAt: null,
  canEdit,
});

const incidents: HealthIncidentList = {
  incidents: [
    {
      incidentId: 3,
      devid: 1,
      kioskId: 'bbbbbbbb-1111',
      kioskName: 'Hall d’accueil',
      rule: 'silent',
      state: 'raised',
      firstSeenAt: '2026-11-27T08:00:00.000Z',
      raisedAt: '2026-11-27T08:05:00.000Z',
      clearPendingSince: null,
      clearedAt: null,
    },
    {
      incidentId: 2,
      devid: 1,
      kioskId: 'cccccccc-2222',
      kioskName: null,
      rule: 'storage-full',
      state: 'pending',
      firstSeenAt: '2026-11-27T08:50:00.000Z',
      raisedAt: null,
      clearPendingSince: null,
      clearedAt: null,
    },
    {
      incidentId: 1,
      devid: 1,
      kioskId: null,
      kioskName: null,
      rule: 'schedule-held',
      state: 'cleared',
      firstSeenAt: '2026-11-26T08:00:00.000Z',
      raisedAt: '2026-11-26T08:05:00.000Z',
      clearPendingSince: '2026-11-26T09:00:00.000Z',
      clearedAt: '2026-11-26T09:05:00.000Z',
    },
  ],
  mutes: [{ devid: 1, kioskId: 'dddddddd-3333', until: '2026-11-27T20:00:00.000Z' }],
};

function serve(
  canEdit: boolean,
  save?: (call: Call) => { status?: number; data?: unknown; message?: string },
) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/developments')
      return { data: [{ devid: 1, devname: 'neubourg', contentVersion: 4 }] };
    if (call.url === pathOf('adminSettings', { params: { devid: 1 } }))
      return { data: { devid: 1, settings: { ...DEFAULT_SETTINGS }, unpublished: false } };
    if (call.url === pathOf('adminHealthRules', { params: { devid: 1 } })) {
      if (call.method === 'PUT' && save) return save(call);
      return { data: rulesOf(canEdit) };
    }
    if (call.url === pathOf('adminHealthIncidents', { params: { devid: 1 } }))
      return { data: incidents };
    return undefined;
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/sante/:devid', element: <HealthPage /> }], {
    initialEntries: ['/sante/1'],
  });
  return render(<RouterProvider router={router} />);
}

describe('HealthPage', () => {
  it('lets an admin change a threshold and save', async () => {
    const calls = serve(true, (call) => ({
      data: { ...rulesOf(true), ...(call.body as object), updatedAt: '2026-11-27T09:00:00.000Z' },
      message: 'Règles de santé enregistrées : elles s’appliquent dès la prochaine vérification.',
    }));
    renderPage();
    const silent = await screen.findByRole('spinbutton', { name: 'Seuil — Totem silencieux' });
    expect((silent as HTMLInputElement).value).toBe('15');
    fireEvent.change(silent, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stockage local presque plein' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));
    expect(
      await screen.findByText(
        'Règles de santé enregistrées : elles s’appliquent dès la prochaine vérification.',
      ),
    ).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    const body = put.body as ReturnType<typeof defaultHealthRules>;
    expect(body.rules.silent).toEqual({ enabled: true, threshold: 20 });
    expect(body.rules['storage-full'].enabled).toBe(false);
    expect(body.quietMinutes).toBe(5);
  });

  it('shows the server’s French refusal', async () => {
    serve(true, () => ({
      status: 400,
      message:
        '« Stockage local presque plein » : le seuil doit être compris entre 50 et 99 % (reçu : 100).',
    }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer les règles' }));
    expect(await screen.findByText(/le seuil doit être compris entre 50 et 99 %/)).toBeTruthy();
  });

  it('shows an editor the rules read-only', async () => {
    serve(false);
    renderPage();
    expect(
      await screen.findByText('Seul un administrateur peut modifier ces règles.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer les règles' })).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Totem silencieux' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('lists the incidents with their state in words, and the muted totems', async () => {
    serve(false);
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('En cours');
    expect(rows[0]!.textContent).toContain('Totem silencieux');
    expect(
      within(rows[0]!).getByRole('link', { name: 'Hall d’accueil' }).getAttribute('href'),
    ).toBe('/parc/1/bbbbbbbb-1111');
    expect(rows[1]!.textContent).toContain('Rétabli');
    expect(rows[1]!.textContent).toContain('Tout le développement');
    expect(screen.queryByText('Stockage local presque plein', { selector: 'td' })).toBeNull();
    await waitFor(() => expect(screen.getByText(/En sourdine/)).toBeTruthy());
  });
});
