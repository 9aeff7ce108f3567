/**
 * Red button and acknowledgements in the back-office: the red button's two steps (choose, then
 * confirm) and its call, a refused trigger's message, the band with "Fin d'alerte" and its
 * confirmation, a user without the right (no button, no end), and the live list's wording of each
 * totem's state.
 */
import {
  DEFAULT_SETTINGS,
  type AdminAlertView,
  type AdminUser,
  type AlertTemplate,
} from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { SessionProvider, useSession } from '../../lib/session/session-context';
import { mockFetch } from '../../testing/fake-fetch';
import { AlertBanner } from './alert-banner';
import { AlertButton } from './alert-button';
import { AlertPage } from './alert-page';

const ADMIN: AdminUser = {
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [],
  canPublish: true,
  canAlert: true,
};
const EDITOR: AdminUser = {
  ...ADMIN,
  userid: 2,
  username: 'camille',
  role: 'editor',
  devids: [1],
  canAlert: false,
};

const template = (templateid: number, name: string, titleFr: string): AlertTemplate => ({
  templateid,
  name,
  kind: 'evacuation',
  titleFr,
  titleEn: titleFr,
  instructionsFr: 'Sortez.',
  instructionsEn: 'Get out.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
  maxDurationMinutes: 120,
});

const IDLE: AdminAlertView = {
  devid: 1,
  alert: null,
  templates: [
    template(4, 'Évacuation', 'Évacuation immédiate'),
    template(5, 'Confinement', 'Restez à l’intérieur'),
  ],
  canTrigger: true,
  kiosks: [],
  counts: { displayed: 0, waiting: 0, late: 0, offline: 0 },
  lastAlertid: null,
  at: '2026-11-25T20:00:00.000Z',
};
const ACTIVE: AdminAlertView = {
  ...IDLE,
  alert: {
    alertid: 12,
    templateid: 4,
    templateName: 'Évacuation',
    kind: 'evacuation',
    drill: false,
    startedAt: '2026-11-25T20:00:00.000Z',
    startedBy: 'admin',
    maxDurationMinutes: 120,
  },
  kiosks: [
    {
      kioskId: 'bbbbbbbb-late',
      mode: 'totem',
      totem: 'Moulage',
      state: 'late',
      online: true,
      displayedAt: null,
      ackedAt: null,
      takeoverMs: null,
      lastSeenAt: '2026-11-25T20:00:00.000Z',
    },
    {
      kioskId: 'cccccccc-off',
      mode: 'parcours',
      totem: null,
      state: 'offline',
      online: false,
      displayedAt: null,
      ackedAt: null,
      takeoverMs: null,
      lastSeenAt: '2026-11-25T19:00:00.000Z',
    },
    {
      kioskId: 'aaaaaaaa-shows',
      mode: 'totem',
      totem: 'Assemblage',
      state: 'displayed',
      online: true,
      displayedAt: '2026-11-25T20:00:00.400Z',
      ackedAt: '2026-11-25T20:00:00.450Z',
      takeoverMs: 1234,
      lastSeenAt: '2026-11-25T20:00:00.450Z',
    },
  ],
  counts: { displayed: 1, waiting: 0, late: 1, offline: 1 },
  lastAlertid: 12,
};

const DEVELOPMENTS = [
  {
    devid: 1,
    devname: 'neubourg',
    contentVersion: 3,
    tokenVersion: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
  },
];

function session(user: AdminUser) {
  return { data: { user, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
}

/** As the layout does: the screens only once the session is known. */
function Authenticated({ children }: { children: ReactNode }) {
  const { state } = useSession();
  return state.status === 'authenticated' ? children : null;
}

function renderWithin(user: AdminUser, ui: ReactNode, path = '/') {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<Authenticated>{ui}</Authenticated>} />
          <Route path="/alerte/:devid" element={<p>Liste des totems</p>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return user;
}

describe('the red button', () => {
  it('asks for a template, then a second confirmation, then triggers and opens the list', async () => {
    let view = IDLE;
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') {
        if (call.method === 'POST') {
          view = ACTIVE;
          return { data: view, message: 'Exercice « Évacuation » déclenché' };
        }
        return { data: view };
      }
      return undefined;
    });
    renderWithin(ADMIN, <AlertButton devid={1} developments={DEVELOPMENTS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Déclencher une alerte' }));
    const dialog = screen.getByRole('dialog', { name: 'Déclencher une alerte' });
    await within(dialog).findByRole('radio', { name: /Évacuation/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choisissez un modèle d’alerte. Choisissez alerte réelle ou exercice.',
    );

    await userEvent.click(within(dialog).getByRole('radio', { name: /Évacuation/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choisissez alerte réelle ou exercice.',
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: /Exercice/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    // Nothing is sent before the second step.
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const confirm = screen.getByRole('dialog', { name: 'Confirmer l’exercice' });
    expect(confirm.textContent).toContain('EXERCICE');
    expect(confirm.textContent).toContain('« Évacuation » — Évacuation immédiate');
    expect(confirm.textContent).toContain('neubourg');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui, lancer l’exercice' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      templateid: 4,
      drill: true,
    });
    expect(await screen.findByText('Liste des totems')).toBeTruthy();
  });

  it('preselects neither a real alert nor a drill: the kind is always chosen', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') return { data: IDLE };
      return undefined;
    });
    renderWithin(ADMIN, <AlertButton devid={1} developments={DEVELOPMENTS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Déclencher une alerte' }));
    const dialog = screen.getByRole('dialog', { name: 'Déclencher une alerte' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Évacuation/ }));
    const real = within(dialog).getByRole('radio', { name: 'Alerte réelle' });
    const drill = within(dialog).getByRole('radio', { name: /Exercice/ });
    expect((real as HTMLInputElement).checked).toBe(false);
    expect((drill as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choisissez alerte réelle ou exercice.',
    );
    // Still the first step: nothing to confirm before the kind is chosen.
    expect(screen.queryByRole('dialog', { name: /^Confirmer/ })).toBeNull();
    await userEvent.click(real);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(screen.getByRole('dialog', { name: 'Confirmer l’alerte' }).textContent).toContain(
      'ALERTE RÉELLE',
    );
  });

  it('says which alert is in force when another person triggered first', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') {
        if (call.method === 'POST')
          return {
            status: 409,
            data: ACTIVE,
            message: 'Une alerte est déjà en cours : « Évacuation », déclenchée par alice à 21:40.',
            error: 'conflict',
          };
        return { data: IDLE };
      }
      return undefined;
    });
    renderWithin(ADMIN, <AlertButton devid={1} developments={DEVELOPMENTS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Déclencher une alerte' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Confinement/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Alerte réelle' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Oui, déclencher l’alerte' }));
    expect((await screen.findByRole('alert')).textContent).toContain('déclenchée par alice');
  });

  it('with an alert in force, says what the rule will do and asks before replacing it', async () => {
    const DRILL_IN_FORCE: AdminAlertView = { ...ACTIVE, alert: { ...ACTIVE.alert!, drill: true } };
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') return { data: DRILL_IN_FORCE };
      return undefined;
    });
    renderWithin(ADMIN, <AlertButton devid={1} developments={DEVELOPMENTS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Déclencher une alerte' }));
    const dialog = screen.getByRole('dialog', { name: 'Déclencher une alerte' });
    expect((await within(dialog).findByText(/Un exercice est en cours/)).textContent).toContain(
      'Une alerte réelle le remplace',
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: /Confinement/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Exercice/ }));
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Remplacer l’alerte en cours' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirmer l’exercice' });
    expect(confirm.textContent).toContain('L’exercice « Évacuation » en cours sera remplacé.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui, lancer l’exercice' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      templateid: 5,
      drill: true,
      replace: true,
    });
  });

  it('is not offered to a user without the right', async () => {
    mockFetch((call) => (call.url === '/api/admin/session' ? session(EDITOR) : undefined));
    renderWithin(
      EDITOR,
      <>
        <p>Page</p>
        <AlertButton devid={1} developments={DEVELOPMENTS} />
      </>,
    );
    await screen.findByText('Page');
    expect(screen.queryByRole('button', { name: 'Déclencher une alerte' })).toBeNull();
  });
});

describe('the alert band', () => {
  it('says what is in force and how many totems show it; "Fin d’alerte" asks first', async () => {
    let view = ACTIVE;
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') {
        if (call.method === 'DELETE') {
          view = IDLE;
          return { data: view, message: 'Alerte « Évacuation » terminée' };
        }
        return { data: view };
      }
      return undefined;
    });
    renderWithin(ADMIN, <AlertBanner devid={1} />);
    const band = await screen.findByRole('region', { name: 'Alerte en cours' });
    expect(band.textContent).toContain('ALERTE EN COURS');
    expect(band.textContent).toContain(
      '1 totem l’affiche · 1 sans confirmation après 5 s · 1 hors ligne',
    );
    await userEvent.click(within(band).getByRole('button', { name: 'Fin d’alerte' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Oui, terminer l’alerte' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    await expect.poll(() => screen.queryByRole('region', { name: 'Alerte en cours' })).toBeNull();
  });

  it('shows an exercise to a user without the right, with no way to end it', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(EDITOR);
      if (call.url === '/api/admin/developments/1/alert')
        return { data: { ...ACTIVE, canTrigger: false, alert: { ...ACTIVE.alert!, drill: true } } };
      return undefined;
    });
    renderWithin(EDITOR, <AlertBanner devid={1} />);
    const band = await screen.findByRole('region', { name: 'Exercice en cours' });
    expect(band.textContent).toContain('EXERCICE EN COURS');
    expect(within(band).queryByRole('button', { name: 'Fin d’alerte' })).toBeNull();
  });
});

describe('the list of totems', () => {
  it('names each totem’s state, the late ones first, with the takeover time', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') return { data: ACTIVE };
      return undefined;
    });
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/alerte/1']}>
          <Routes>
            <Route path="/alerte/:devid" element={<AlertPage />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    const rows = await screen.findAllByTestId('alert-kiosk');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Pas de confirmation après 5 s',
      'Hors ligne',
      'Affichée',
    ]);
    expect(rows[2]?.textContent).toContain('1\u202f234 ms');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alerte en cours');
    expect(
      screen.getByRole('link', { name: 'Exporter la chronologie (CSV)' }).getAttribute('href'),
    ).toBe('/api/admin/developments/1/alerts/12/timeline.csv');
  });
});

describe('the alert’s times', () => {
  it('are the plant’s clock (Tokyo here), in the band and in the list of totems', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/session') return session(ADMIN);
      if (call.url === '/api/admin/developments/1/alert') return { data: ACTIVE };
      if (call.url === '/api/admin/developments/1/settings')
        return {
          data: {
            devid: 1,
            settings: { ...DEFAULT_SETTINGS, timeZone: 'Asia/Tokyo' },
            unpublished: false,
          },
        };
      return undefined;
    });
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/alerte/1']}>
          <AlertBanner devid={1} />
          <Routes>
            <Route path="/alerte/:devid" element={<AlertPage />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    // Triggered at 20:00 UTC: 05:00 the next morning in Tokyo.
    const band = await screen.findByRole('region', { name: 'Alerte en cours' });
    await expect.poll(() => band.textContent).toContain('déclenchée à 05:00:00 par admin');
    const rows = await screen.findAllByTestId('alert-kiosk');
    await expect.poll(() => rows[2]?.textContent).toContain('05:00:00');
  });
});
