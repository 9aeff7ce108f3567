/**
 * Red button and acknowledgements, "Modèles d'alerte" in the back-office: the list with what is
 * unpublished and what is in use; the editor's FR / EN texts, pictogram, colour, duration and
 * preview; its checks before sending; the server's refusals shown as it words them (a 400, a delete
 * refused while the alert is in force) and a version conflict showing the template as now saved.
 */
import type { AdminAlertTemplate, AdminAlertTemplateList } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDraftChanged } from '../../lib/draft-events';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { formatMinutes, readForm, toForm, whiteContrast } from './template-form';
import { AlertTemplatesPage } from './templates-page';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = {
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [],
  canPublish: true,
  canAlert: true,
};

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
  inUse: true,
};
const LEAK: AdminAlertTemplate = {
  ...EVACUATION,
  templateid: 5,
  name: 'Fuite',
  kind: 'pollution',
  titleFr: 'Fuite de produit',
  titleEn: 'Chemical spill',
  pictogram: 'pollution',
  colour: 'vert',
  version: 1,
  unpublished: true,
  inUse: false,
};
const LIST: AdminAlertTemplateList = {
  devid: 1,
  templates: [EVACUATION, LEAK],
  removedUnpublished: [{ templateid: 9, name: 'Ancien modèle' }],
  nameWarnings: [],
};

type Reply = { status?: number; data?: unknown; message?: string; error?: string | null };

function serve(write: (call: Call) => Reply | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/me') {
      return { data: { user: ADMIN, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
    }
    if (call.url === '/api/admin/developments') {
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
    }
    if (call.url === '/api/admin/developments/1/alert-templates' && call.method === 'GET') {
      return { data: LIST };
    }
    return write(call);
  });
}

function renderAt(path: string) {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/modeles-alerte/:devid" element={<AlertTemplatesPage />} />
          <Route path="/modeles-alerte/:devid/:templateid" element={<AlertTemplatesPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('Modèles d’alerte (red button and acknowledgements, decision 018)', () => {
  it('lists the templates, what is not published yet and what the alert in force uses', async () => {
    serve();
    renderAt('/modeles-alerte/1');
    const items = await screen.findAllByTestId('alert-template');
    expect(items).toHaveLength(2);
    const evacuation = within(items[0]!);
    expect(evacuation.getByRole('heading', { name: 'Évacuation' })).toBeTruthy();
    expect(evacuation.getByText('Evacuate now')).toBeTruthy();
    expect(evacuation.getByText('Alerte en cours')).toBeTruthy();
    expect(evacuation.queryByText('Non publié')).toBeNull();
    const leak = within(items[1]!);
    expect(leak.getByText('Non publié')).toBeTruthy();
    expect(leak.getByText('Pollution accidentelle · au plus 2 h')).toBeTruthy();
    expect(
      screen.getByText(
        /encore sur les totems jusqu’à la prochaine publication : « Ancien modèle »/,
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Modifier le modèle « Fuite »' }).getAttribute('href'),
    ).toBe('/modeles-alerte/1/5');
  });

  it('lists the templates whose name looks like another, with the reasons (issue 40, item 6)', async () => {
    LIST.nameWarnings = [
      {
        templateid: 5,
        name: '\u0415vacuation',
        reasons: [
          'mélange plusieurs écritures dans le mot « \u0415vacuation » (cyrillique et latin)',
        ],
      },
    ];
    try {
      serve();
      renderAt('/modeles-alerte/1');
      const warnings = await screen.findByTestId('alert-template-name-warnings');
      expect(warnings.textContent).toBe(
        '« \u0415vacuation » (n° 5) : mélange plusieurs écritures dans le mot « \u0415vacuation » (cyrillique et latin).',
      );
      expect(
        within(warnings)
          .getByRole('link', { name: '« \u0415vacuation » (n° 5)' })
          .getAttribute('href'),
      ).toBe('/modeles-alerte/1/5');
      expect(screen.getByText(/Rien n’a été renommé/)).toBeTruthy();
    } finally {
      LIST.nameWarnings = [];
    }
  });

  it('edits FR and EN side by side, picks pictogram and colour, previews, and saves with the version', async () => {
    const calls = serve((call) =>
      call.method === 'PUT' && call.url === '/api/admin/developments/1/alert-templates/5'
        ? {
            data: { ...LEAK, ...(call.body as object), version: 2 },
            message: 'Modèle d’alerte enregistré. Publiez pour l’envoyer aux totems.',
          }
        : undefined,
    );
    renderAt('/modeles-alerte/1/5');
    const fr = await screen.findByRole('group', { name: 'Français' });
    const en = screen.getByRole('group', { name: 'English (anglais)' });
    expect(within(fr).getByLabelText(/Titre \(français\)/)).toBeTruthy();
    const titleEn = within(en).getByLabelText('Titre (anglais)') as HTMLInputElement;
    expect(titleEn.value).toBe('Chemical spill');
    await userEvent.clear(titleEn);
    await userEvent.type(titleEn, 'Spill: stay away');
    await userEvent.type(
      within(en).getByLabelText('Texte de fin d’alerte (anglais)'),
      'All clear, thank you.',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Danger' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Bleu' }));
    expect(screen.getByText(/sur « Bleu » il est peu lisible/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Rouge' }));
    expect(screen.queryByText(/peu lisible/)).toBeNull();
    const preview = screen.getByTestId('template-preview');
    expect(within(preview).getByText('Spill: stay away')).toBeTruthy();
    expect(preview.style.background).toMatch(/226, 6, 19|#e20613/i);

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Modèle d’alerte enregistré. Publiez pour l’envoyer aux totems.'),
    ).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Fuite',
      kind: 'pollution',
      titleFr: 'Fuite de produit',
      titleEn: 'Spill: stay away',
      instructionsFr: 'Quittez le bâtiment.',
      instructionsEn: 'Leave the building.',
      pictogram: 'warning',
      colour: 'rouge',
      image: null,
      endTextFr: null,
      endTextEn: 'All clear, thank you.',
      maxDurationMinutes: 120,
      expectedVersion: 1,
    });
  });

  it('says what is wrong before sending anything', async () => {
    const calls = serve();
    renderAt('/modeles-alerte/1/nouveau');
    await userEvent.type(await screen.findByLabelText('Nom'), 'Incendie');
    const duration = screen.getByLabelText('Durée maximale (minutes)');
    await userEvent.clear(duration);
    await userEvent.type(duration, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(await screen.findByText('Le titre en français est obligatoire.')).toBeTruthy();
    expect(
      screen.getByText(/La durée maximale doit être un nombre entier de minutes/),
    ).toBeTruthy();
    expect(screen.getByLabelText(/Titre \(français\)/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal as it words it', async () => {
    const refusal =
      'L’image « media/images/x.svg » n’est pas une image de la médiathèque de ce développement : choisissez-la dans la médiathèque (ajoutez-la d’abord si besoin).';
    serve((call) =>
      call.method === 'POST' ? { status: 400, message: refusal, error: 'bad_request' } : undefined,
    );
    renderAt('/modeles-alerte/1/nouveau');
    await userEvent.type(await screen.findByLabelText('Nom'), 'Incendie');
    await userEvent.type(screen.getByLabelText(/Titre \(français\)/), 'Incendie');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
  });

  it('refuses to delete the template of the alert in force with the server’s message', async () => {
    const refusal =
      'Le modèle « Évacuation » est celui de l’alerte en cours (« Évacuation », déclenchée par admin le 25 novembre à 21:00) : il ne peut pas être supprimé. Terminez l’alerte avant de le supprimer.';
    const calls = serve((call) =>
      call.method === 'DELETE' ? { status: 409, message: refusal, error: 'conflict' } : undefined,
    );
    renderAt('/modeles-alerte/1/4');
    expect(await screen.findByText(/C’est le modèle de l’alerte en cours/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer ce modèle' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(
      '/api/admin/developments/1/alert-templates/4?expectedVersion=3',
    );
  });

  it('on a version conflict shows the template as now saved, and reloads it on request', async () => {
    const current = { ...LEAK, titleFr: 'Fuite — par quelqu’un d’autre', version: 2 };
    serve((call) =>
      call.method === 'PUT'
        ? { status: 409, data: current, message: 'Conflit.', error: 'conflict' }
        : undefined,
    );
    renderAt('/modeles-alerte/1/5');
    const title = (await screen.findByLabelText(/Titre \(français\)/)) as HTMLInputElement;
    await userEvent.type(title, ' (modifié)');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/a été modifié par quelqu’un d’autre/)).toBeTruthy();
    expect(screen.getByText('Fuite — par quelqu’un d’autre')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Recharger la version actuelle' }));
    expect(title.value).toBe('Fuite — par quelqu’un d’autre');
  });
});

describe('the template form’s reading', () => {
  it('reads back what it was given, and words durations and contrasts', () => {
    const { templateid: _id, version: _v, unpublished: _u, inUse: _i, ...input } = EVACUATION;
    expect(readForm(toForm(EVACUATION))).toEqual({ input, errors: null });
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(2190)).toBe('1 j 12 h 30 min');
    expect(whiteContrast('rouge')).toBeGreaterThan(4.5);
    expect(whiteContrast('sable')).toBeLessThan(1.2);
  });
});

describe('Modèles d’alerte: the header’s unpublished count', () => {
  /** Stands for the header's indicator, which listens the same way. */
  function DraftListener({ onChange }: { onChange: () => void }) {
    useDraftChanged(onChange);
    return null;
  }

  it('is told the draft changed when a template is saved, not when the save is refused', async () => {
    let refuse = true;
    serve((call) => {
      if (call.method === 'PUT') {
        return refuse
          ? { status: 400, message: 'Titre refusé.', error: 'bad_request' }
          : { data: { ...LEAK, version: 2 }, message: 'Modèle d’alerte enregistré.' };
      }
      return undefined;
    });
    const changed = vi.fn();
    render(<DraftListener onChange={changed} />);
    renderAt('/modeles-alerte/1/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Titre refusé.')).toBeTruthy();
    expect(changed).not.toHaveBeenCalled();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modèle d’alerte enregistré.')).toBeTruthy();
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
