/**
 * « Heures d'ouverture » of the Réglages page (issue 48, part 2): always open by default, a week
 * typed day by day with the keyboard, the contract's French messages by day, the summary, saved
 * with the other settings.
 */
import { DEFAULT_SETTINGS, type AdminSettings } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch } from '../../testing/fake-fetch';
import { normalizeTypedTime } from './opening-hours-section';
import { SettingsPage } from './settings-page';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = {
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [],
  canPublish: true,
};

function serve(
  saved: AdminSettings = { devid: 1, settings: DEFAULT_SETTINGS, unpublished: false },
) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/me')
      return { data: { user: ADMIN, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
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
    if (call.url === '/api/admin/developments/1/settings') {
      if (call.method === 'PUT')
        return {
          data: { devid: 1, settings: call.body, unpublished: true },
          message: 'Réglages enregistrés. Publiez pour les envoyer aux totems.',
        };
      return { data: saved };
    }
    return undefined;
  });
}

function renderPage() {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/reglages/1']}>
        <Routes>
          <Route path="/reglages/:devid" element={<SettingsPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const day = (name: string) => screen.getByRole('group', { name });
const SAVED = 'Réglages enregistrés. Publiez pour les envoyer aux totems.';

describe('Heures d’ouverture (issue 48, part 2)', () => {
  it('are « Toujours ouvert (3×8) » by default, with no week shown', async () => {
    serve();
    renderPage();
    const always = await screen.findByRole('radio', { name: 'Toujours ouvert (3×8)' });
    expect((always as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Toujours ouvert (3×8)', { selector: 'p *, p' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Lundi' })).toBeNull();
  });

  it('offer a week, typed with the keyboard, summed up and saved', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Selon un horaire de la semaine' }),
    );
    // Monday to Friday 06:00–20:00 to start with, the weekend closed.
    expect(screen.getByText(/Lun–ven 06:00–20:00 · sam–dim fermé/)).toBeTruthy();
    expect(within(day('Dimanche')).getByText('fermé')).toBeTruthy();

    // Saturday morning: open, then typed (« 12h » reads 12:00).
    await userEvent.click(within(day('Samedi')).getByRole('checkbox', { name: 'Ouvert' }));
    const close = within(day('Samedi')).getByLabelText('Samedi : fermeture');
    await userEvent.clear(close);
    await userEvent.type(close, '12h');
    await userEvent.tab();
    expect((close as HTMLInputElement).value).toBe('12:00');
    expect(screen.getByText(/Lun–ven 06:00–20:00 · sam 06:00–12:00 · dim fermé/)).toBeTruthy();

    // A lunch break on Wednesday: a second interval.
    await userEvent.click(
      within(day('Mercredi')).getByRole('button', { name: 'Ajouter une plage le mercredi' }),
    );
    const first = within(day('Mercredi')).getByLabelText('Mercredi, plage 1 : fermeture');
    await userEvent.clear(first);
    await userEvent.type(first, '12:00');
    const second = within(day('Mercredi')).getByLabelText('Mercredi, plage 2 : ouverture');
    await userEvent.clear(second);
    await userEvent.type(second, '13:30');
    const secondClose = within(day('Mercredi')).getByLabelText('Mercredi, plage 2 : fermeture');
    await userEvent.clear(secondClose);
    await userEvent.type(secondClose, '20:00');

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    const weekday = [{ open: '06:00', close: '20:00' }];
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      openingHours: {
        kind: 'weekly',
        days: [
          weekday,
          weekday,
          [
            { open: '06:00', close: '12:00' },
            { open: '13:30', close: '20:00' },
          ],
          weekday,
          weekday,
          [{ open: '06:00', close: '12:00' }],
          [],
        ],
      },
    });
  });

  it('say what is wrong by day, in French, and send nothing until it is right', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Selon un horaire de la semaine' }),
    );
    // A night shift typed as one interval past midnight: refused, with the way to type it.
    const open = within(day('Vendredi')).getByLabelText('Vendredi : ouverture');
    await userEvent.clear(open);
    await userEvent.type(open, '22:00');
    const close = within(day('Vendredi')).getByLabelText('Vendredi : fermeture');
    await userEvent.clear(close);
    await userEvent.type(close, '06:00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const message = await within(day('Vendredi')).findByText(
      /Vendredi : la plage 22:00–06:00 ferme avant d’ouvrir ; pour passer minuit, finissez-la à 24:00 et reprenez à 00:00 le jour suivant\./,
    );
    // Read with the day: the group is described by it, the times are marked invalid.
    expect(day('Vendredi').getAttribute('aria-describedby')).toBe(message.id);
    expect(close.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // Typed the right way: 22:00–24:00 on Friday, 00:00–06:00 on Saturday.
    await userEvent.clear(close);
    await userEvent.type(close, '24:00');
    expect(within(day('Vendredi')).queryByText(/ferme avant d’ouvrir/)).toBeNull();
    await userEvent.click(within(day('Samedi')).getByRole('checkbox', { name: 'Ouvert' }));
    const saturdayOpen = within(day('Samedi')).getByLabelText('Samedi : ouverture');
    await userEvent.clear(saturdayOpen);
    await userEvent.type(saturdayOpen, '00:00');
    const saturdayClose = within(day('Samedi')).getByLabelText('Samedi : fermeture');
    await userEvent.clear(saturdayClose);
    await userEvent.type(saturdayClose, '06:00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVED)).toBeTruthy();
  });

  it('refuse overlapping intervals and a week never open', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Selon un horaire de la semaine' }),
    );
    await userEvent.click(
      within(day('Lundi')).getByRole('button', { name: 'Ajouter une plage le lundi' }),
    );
    const second = within(day('Lundi')).getByLabelText('Lundi, plage 2 : ouverture');
    await userEvent.clear(second);
    await userEvent.type(second, '19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(day('Lundi')).findByText(
        'Lundi : les plages 06:00–20:00 et 19:00–24:00 se chevauchent.',
      ),
    ).toBeTruthy();

    for (const name of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'])
      await userEvent.click(within(day(name)).getByRole('checkbox', { name: 'Ouvert' }));
    expect(
      await screen.findByText(
        'Aucune plage d’ouverture dans la semaine : ajoutez-en une, ou choisissez « Toujours ouvert (3×8) ».',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('show a saved week as it is', async () => {
    serve({
      devid: 1,
      settings: {
        ...DEFAULT_SETTINGS,
        openingHours: {
          kind: 'weekly',
          days: [[{ open: '22:00', close: '24:00' }], [], [], [], [], [], []],
        },
      },
      unpublished: false,
    });
    renderPage();
    expect(((await screen.findByLabelText('Lundi : ouverture')) as HTMLInputElement).value).toBe(
      '22:00',
    );
    expect(screen.getByText(/Lun 22:00–24:00 · mar–dim fermé/)).toBeTruthy();
  });
});

describe('a typed time', () => {
  it('is written as the contract writes it', () => {
    expect(normalizeTypedTime('6h')).toBe('06:00');
    expect(normalizeTypedTime(' 6:30 ')).toBe('06:30');
    expect(normalizeTypedTime('06h30')).toBe('06:30');
    expect(normalizeTypedTime('24:00')).toBe('24:00');
    expect(normalizeTypedTime('midi')).toBe('midi');
  });
});
