/**
 * « Messages CAP (systèmes du bâtiment) » on the alert templates page (issue 50): the rules as the
 * server answers them (with their publication), the order explained with the CAP URL, an admin's
 * new rule saved with the `updatedAt` it was read with, the server's refusals and a conflict shown
 * as it words them, and a read-only table for editors.
 */
import type { AdminAlertTemplate, AdminAlertTemplateList, CapMapping } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { AlertTemplatesPage } from './templates-page';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = {
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [] as number[],
  canPublish: true,
  canAlert: true,
};
const EDITOR = { ...ADMIN, userid: 2, username: 'editrice', role: 'editor', devids: [1] };

const EVACUATION: AdminAlertTemplate = {
  templateid: 4,
  name: 'Évacuation',
  kind: 'evacuation',
  titleFr: 'Évacuation immédiate',
  titleEn: 'Evacuate now',
  instructionsFr: 'Quittez le bâtiment.',
  instructionsEn: 'Leave the building.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
  maxDurationMinutes: 120,
  version: 3,
  unpublished: false,
  inUse: false,
};
const LEAK: AdminAlertTemplate = {
  ...EVACUATION,
  templateid: 5,
  name: 'Fuite de gaz',
  kind: 'confinement',
  unpublished: true,
};
const LIST: AdminAlertTemplateList = {
  devid: 1,
  templates: [EVACUATION, LEAK],
  removedUnpublished: [],
  nameWarnings: [],
};
const MAPPING: CapMapping = {
  rules: [
    {
      match: 'eventCode',
      valueName: 'profile:BMS',
      value: 'FIRE-3',
      templateid: 4,
      templateName: 'Évacuation',
      published: true,
    },
    {
      match: 'event',
      value: 'Fuite',
      templateid: 5,
      templateName: 'Fuite de gaz',
      published: false,
    },
  ],
  updatedAt: '2026-11-20T09:30:00.000Z',
  updatedBy: 'admin',
};

type Reply = { status?: number; data?: unknown; message?: string; error?: string | null };

function serve(user: typeof ADMIN, write: (call: Call) => Reply | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/me')
      return { data: { user, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
    if (call.url === '/api/admin/developments')
      return {
        data: [
          {
            devid: 1,
            devname: 'neubourg',
            contentVersion: 3,
            tokenVersion: 0,
            createdAt: '2026-11-01T08:00:00.000Z',
          },
        ],
      };
    if (call.url === '/api/admin/developments/1/alert-templates') return { data: LIST };
    if (call.url === '/api/admin/developments/1/cap-mapping' && call.method === 'GET')
      return { data: MAPPING };
    return write(call);
  });
}

function renderPage() {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/modeles-alerte/1']}>
        <Routes>
          <Route path="/modeles-alerte/:devid" element={<AlertTemplatesPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Messages CAP (systèmes du bâtiment)' }));

describe('Messages CAP (systèmes du bâtiment), issue 50', () => {
  it('shows the rules with their publication, the order, the CAP URL and the last change', async () => {
    serve(ADMIN);
    renderPage();
    const cap = await section();
    const rules = await cap.findAllByTestId('cap-rule');
    expect(rules).toHaveLength(2);
    const first = within(rules[0]!);
    expect((first.getByLabelText('Type de la règle 1') as HTMLSelectElement).value).toBe(
      'eventCode',
    );
    expect(
      (first.getByLabelText('valueName de la règle 1 (vide : tout valueName)') as HTMLInputElement)
        .value,
    ).toBe('profile:BMS');
    expect((first.getByLabelText('Valeur du code de la règle 1') as HTMLInputElement).value).toBe(
      'FIRE-3',
    );
    expect((first.getByLabelText('Modèle d’alerte de la règle 1') as HTMLSelectElement).value).toBe(
      '4',
    );
    expect(first.queryByText(/Non publié/)).toBeNull();
    expect(within(rules[1]!).getByText('Non publié : s’applique après publication')).toBeTruthy();
    expect(cap.getByTestId('cap-url').textContent).toBe('/api/alerts/1/cap');
    expect(cap.getByText(/sinon « Message libre »/)).toBeTruthy();
    expect(cap.getByTestId('cap-mapping-updated').textContent).toBe(
      'Dernière modification : 20/11/2026 10:30 par admin.',
    );
  });

  it('lets an admin add a rule and save it, with the updatedAt it was read with', async () => {
    const saved: CapMapping = {
      ...MAPPING,
      rules: [
        ...MAPPING.rules,
        {
          match: 'event',
          value: 'Incendie',
          templateid: 4,
          templateName: 'Évacuation',
          published: true,
        },
      ],
      updatedAt: '2026-11-27T10:00:00.000Z',
    };
    const calls = serve(ADMIN, (call) =>
      call.method === 'PUT' && call.url === '/api/admin/developments/1/cap-mapping'
        ? {
            data: saved,
            message: 'Règles CAP enregistrées : elles s’appliquent dès le prochain message CAP.',
          }
        : undefined,
    );
    renderPage();
    const cap = await section();
    await cap.findAllByTestId('cap-rule');
    await userEvent.click(cap.getByRole('button', { name: 'Ajouter une règle' }));
    await userEvent.selectOptions(cap.getByLabelText('Type de la règle 3'), 'event');
    // An event has no valueName.
    expect(cap.queryByLabelText(/valueName de la règle 3/)).toBeNull();
    await userEvent.type(cap.getByLabelText('Événement de la règle 3'), ' Incendie ');
    await userEvent.selectOptions(cap.getByLabelText('Modèle d’alerte de la règle 3'), '4');
    await userEvent.click(cap.getByRole('button', { name: 'Enregistrer' }));

    expect(
      await cap.findByText(
        'Règles CAP enregistrées : elles s’appliquent dès le prochain message CAP.',
      ),
    ).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      rules: [
        { match: 'eventCode', valueName: 'profile:BMS', value: 'FIRE-3', templateid: 4 },
        { match: 'event', value: 'Fuite', templateid: 5 },
        { match: 'event', value: 'Incendie', templateid: 4 },
      ],
      expectedUpdatedAt: '2026-11-20T09:30:00.000Z',
    });
    expect(cap.getAllByTestId('cap-rule')).toHaveLength(3);
    expect(cap.getByTestId('cap-mapping-updated').textContent).toBe(
      'Dernière modification : 27/11/2026 11:00 par admin.',
    );
  });

  it('removes a rule; checks an empty value before sending; shows the server’s refusal', async () => {
    const calls = serve(ADMIN, (call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            error: 'bad_request',
            message:
              'Règle 2 : l’événement « Fuite » a déjà une règle (règle 1). Une seule règle par événement ou par code : supprimez l’une des deux.',
          }
        : undefined,
    );
    renderPage();
    const cap = await section();
    await cap.findAllByTestId('cap-rule');
    await userEvent.click(cap.getByRole('button', { name: 'Retirer la règle 1' }));
    expect(cap.getAllByTestId('cap-rule')).toHaveLength(1);

    await userEvent.click(cap.getByRole('button', { name: 'Ajouter une règle' }));
    await userEvent.click(cap.getByRole('button', { name: 'Enregistrer' }));
    expect((await cap.findByRole('alert')).textContent).toContain(
      'Règle 2 : indiquez la valeur du code.',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(cap.getByLabelText('Valeur du code de la règle 2'), 'FRW');
    await userEvent.selectOptions(cap.getByLabelText('Modèle d’alerte de la règle 2'), '5');
    await userEvent.click(cap.getByRole('button', { name: 'Enregistrer' }));
    expect((await cap.findByRole('alert')).textContent).toContain(
      'Règle 2 : l’événement « Fuite » a déjà une règle (règle 1).',
    );
    // The admin's work stays in the form.
    expect(cap.getAllByTestId('cap-rule')).toHaveLength(2);
  });

  it('shows the rules as saved by someone else on a conflict (409)', async () => {
    const current: CapMapping = {
      rules: [MAPPING.rules[0]!],
      updatedAt: '2026-11-26T15:00:00.000Z',
      updatedBy: 'autre.admin',
    };
    serve(ADMIN, (call) =>
      call.method === 'PUT'
        ? {
            status: 409,
            error: 'conflict',
            data: current,
            message:
              'Les règles CAP ont été modifiées par quelqu’un d’autre entre-temps : les vôtres n’ont pas été enregistrées.',
          }
        : undefined,
    );
    renderPage();
    const cap = await section();
    await cap.findAllByTestId('cap-rule');
    await userEvent.click(cap.getByRole('button', { name: 'Enregistrer' }));
    expect((await cap.findByRole('alert')).textContent).toContain(
      'modifiées par quelqu’un d’autre',
    );
    expect(cap.getAllByTestId('cap-rule')).toHaveLength(1);
    expect(cap.getByTestId('cap-mapping-updated').textContent).toBe(
      'Dernière modification : 26/11/2026 16:00 par autre.admin.',
    );
  });

  it('is read-only for an editor', async () => {
    serve(EDITOR);
    renderPage();
    const cap = await section();
    const rules = await cap.findAllByTestId('cap-rule');
    expect(rules[0]!.textContent).toContain('Code d’événement');
    expect(rules[0]!.textContent).toContain('FIRE-3');
    expect(rules[1]!.textContent).toContain('Fuite de gaz');
    expect(cap.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(cap.queryByRole('button', { name: 'Ajouter une règle' })).toBeNull();
    expect(cap.queryByRole('combobox')).toBeNull();
    expect(cap.getByText(/Seuls les administrateurs modifient ces règles/)).toBeTruthy();
  });
});
