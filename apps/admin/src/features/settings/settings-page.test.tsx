import { DEFAULT_SETTINGS, TIME_ZONE_MESSAGE, type AdminSettings } from '@plant-kiosk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDraftChanged } from '../../lib/draft-events';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch } from '../../testing/fake-fetch';
import { formatSeconds, OTHER_TIME_ZONE, readForm, SettingsPage, toForm } from './settings-page';

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
    if (call.url === '/api/admin/developments/1/settings') {
      if (call.method === 'PUT') {
        return {
          data: { devid: 1, settings: call.body, unpublished: true },
          message: 'Réglages enregistrés. Publiez pour les envoyer aux totems.',
        };
      }
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

describe('Réglages (published settings, decision 017)', () => {
  it('shows each wrong field’s message in French and sends nothing', async () => {
    const calls = serve();
    renderPage();
    const form = await screen.findByLabelText('Adresse du formulaire de suggestion');
    await userEvent.type(form, 'javascript:alert(1)');
    await userEvent.type(screen.getByLabelText('Adresse du site web de l’entreprise'), 'www.site');
    const slideshow = screen.getByLabelText('Diaporama de l’accueil (secondes)');
    await userEvent.clear(slideshow);
    await userEvent.type(slideshow, '500');
    const warning = screen.getByLabelText('Avertissement avant la fin de session (secondes)');
    await userEvent.clear(warning);
    await userEvent.type(warning, '900');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(
      await screen.findAllByText(/Adresse non acceptée : elle doit être une adresse web complète/),
    ).toHaveLength(2);
    expect(screen.getByText('Un nombre entier de secondes entre 2 et 120.')).toBeTruthy();
    expect(form.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Corrigez les champs signalés avant d’enregistrer.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // The rule between fields, once the others are right.
    await userEvent.clear(form);
    await userEvent.clear(screen.getByLabelText('Adresse du site web de l’entreprise'));
    await userEvent.clear(slideshow);
    await userEvent.type(slideshow, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Doit être inférieur à la durée avant la fin de session (600 s).'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves valid settings to the draft and says they await a publish', async () => {
    const calls = serve();
    renderPage();
    await userEvent.type(
      await screen.findByLabelText('Adresse du formulaire de suggestion'),
      ' https://forms.test/suggestions ',
    );
    await userEvent.click(screen.getByLabelText('Jouer un son d’alarme pendant une alerte'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Réglages enregistrés. Publiez pour les envoyer aux totems.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      suggestionFormUrl: 'https://forms.test/suggestions',
      alarmTone: true,
    });
    expect(screen.getByText(/ne sont pas encore publiés/)).toBeTruthy();
  });
});

describe('Réglages: the header’s unpublished count', () => {
  /** Stands for the header's indicator, which listens the same way. */
  function DraftListener({ onChange }: { onChange: () => void }) {
    useDraftChanged(onChange);
    return null;
  }

  it('is told the draft changed once the settings are saved, not before', async () => {
    serve();
    const changed = vi.fn();
    render(<DraftListener onChange={changed} />);
    renderPage();
    await userEvent.click(await screen.findByLabelText('Jouer un son d’alarme pendant une alerte'));
    expect(changed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Réglages enregistrés. Publiez pour les envoyer aux totems.');
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

describe('issue 41: hidden tiles and the mode switcher’s code', () => {
  it('says an address left empty hides the tile or the link on the totems', async () => {
    serve();
    renderPage();
    await screen.findByLabelText('Adresse du formulaire de suggestion');
    expect(
      screen.getByText(/Sans adresse, la tuile « Suggestion System » est masquée sur les totems\./),
    ).toBeTruthy();
    expect(screen.getByText(/Sans adresse, le lien est masqué sur les totems\./)).toBeTruthy();
  });

  it('refuses a code that is not 4 to 8 digits, in French, and saves a good one', async () => {
    const calls = serve();
    renderPage();
    const code = await screen.findByLabelText('Code du sélecteur');
    expect((code as HTMLInputElement).value).toBe('');
    await userEvent.type(code, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Code non accepté : il doit être vide ou compter de 4 à 8 chiffres.'),
    ).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(code);
    await userEvent.type(code, '24 68');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Réglages enregistrés. Publiez pour les envoyer aux totems.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      switcherCode: '2468',
    });
  });
});

describe('addresses saved before today’s rules (issue 40)', () => {
  it('are shown as ignored, with what is wrong', async () => {
    serve({
      devid: 1,
      settings: DEFAULT_SETTINGS,
      unpublished: false,
      ignoredAddresses: [
        {
          field: 'websiteUrl',
          message:
            'Adresse du site web de l’entreprise — l’adresse enregistrée n’est plus acceptée (elle a un nom d’hôte de 1984 caractères : un nom d’hôte en compte au plus 253) : les totems la traitent comme non configurée ; saisissez-en une autre, puis publiez.',
        },
      ],
    });
    renderPage();
    expect(
      (await screen.findByText(/l’adresse enregistrée n’est plus acceptée/)).textContent,
    ).toContain('nom d’hôte de 1984 caractères');
  });
});

describe('the settings form’s reading', () => {
  it('an empty address is "not configured"; the defaults read back as they are', () => {
    expect(readForm(toForm(DEFAULT_SETTINGS))).toEqual({
      settings: DEFAULT_SETTINGS,
      errors: null,
    });
    expect(formatSeconds(500)).toBe('500 s (8 min 20 s)');
    expect(formatSeconds(600)).toBe('600 s (10 min)');
    expect(formatSeconds(15)).toBe('15 s');
  });

  it('says when an address’s host name is past DNS’s bounds (issue 40)', () => {
    const form = toForm(DEFAULT_SETTINGS);
    const read = readForm({
      ...form,
      suggestionFormUrl: `https://${'a'.repeat(64)}.test/form`,
      websiteUrl: `https://${'a.'.repeat(990)}test/`,
    });
    expect(read.errors?.suggestionFormUrl).toBe(
      'Adresse non acceptée : elle a un nom d’hôte dont une partie (entre deux points) dépasse 63 caractères.',
    );
    expect(read.errors?.websiteUrl).toMatch(
      /^Adresse non acceptée : elle a un nom d’hôte de 1984 caractères : un nom d’hôte en compte au plus 253\.$/,
    );
  });
});

describe('the plant’s time zone (issue 45)', () => {
  // Only Date is faked: the page's timers and user events run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T08:42:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('is Paris by default, with the time there', async () => {
    serve();
    renderPage();
    const zone = await screen.findByLabelText('Fuseau horaire de l’usine');
    expect((zone as HTMLSelectElement).value).toBe('Europe/Paris');
    expect(screen.getByText(/Il est 09:42 à Paris\./)).toBeTruthy();
    expect(zone.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.queryByLabelText('Nom du fuseau horaire (IANA)')).toBeNull();
  });

  it('is chosen among Europe’s zones and saved', async () => {
    const calls = serve();
    renderPage();
    const zone = await screen.findByLabelText('Fuseau horaire de l’usine');
    await userEvent.selectOptions(zone, 'Londres (Europe/London)');
    expect(screen.getByText(/Il est 08:42 à Londres\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Réglages enregistrés. Publiez pour les envoyer aux totems.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      timeZone: 'Europe/London',
    });
  });

  it('takes any IANA name under « Autre fuseau », and refuses an unknown one in French', async () => {
    const calls = serve();
    renderPage();
    await userEvent.selectOptions(
      await screen.findByLabelText('Fuseau horaire de l’usine'),
      'Autre fuseau (nom IANA)…',
    );
    const other = screen.getByLabelText('Nom du fuseau horaire (IANA)');
    await userEvent.type(other, 'Mars/Olympus');
    expect(screen.queryByText(/Il est/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(TIME_ZONE_MESSAGE)).toBeTruthy();
    expect(other.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(other);
    await userEvent.type(other, 'america/new_york');
    expect(screen.getByText(/Il est 03:42 à New York\./)).toBeTruthy();
    // Typed again: the earlier message goes, the clock says the zone is known.
    expect(screen.queryByText(TIME_ZONE_MESSAGE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Réglages enregistrés. Publiez pour les envoyer aux totems.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      timeZone: 'America/New_York',
    });
  });

  it('shows a saved zone outside the list in the free field', async () => {
    serve({
      devid: 1,
      settings: { ...DEFAULT_SETTINGS, timeZone: 'Asia/Bangkok' },
      unpublished: false,
    });
    renderPage();
    const zone = await screen.findByLabelText('Fuseau horaire de l’usine');
    expect((zone as HTMLSelectElement).value).toBe(OTHER_TIME_ZONE);
    expect((screen.getByLabelText('Nom du fuseau horaire (IANA)') as HTMLInputElement).value).toBe(
      'Asia/Bangkok',
    );
    expect(screen.getByText(/Il est 15:42 \(fuseau Asia\/Bangkok\)\./)).toBeTruthy();
    const settings = { ...DEFAULT_SETTINGS, timeZone: 'Asia/Bangkok' };
    expect(readForm(toForm(settings))).toEqual({ settings, errors: null });
  });
});
