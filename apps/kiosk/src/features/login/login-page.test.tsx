import { hashPasswordForLogin, KIOSK_ID_STORAGE_KEY, TOKEN_HEADER } from '@plant-kiosk/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetShellState, TEST_CONFIG } from '../../app/testing/render-in-kiosk';
import { createApiClient } from '../../lib/api/api-client';
import { LoginPage } from './login-page';

const NETWORK_ALERT =
  "Un problème de connexion est survenu. Vérifiez que l'appareil est bien connecté à internet. Si le problème persiste, contactez votre prestataire.";

function envelope(status: number, data: unknown, message: string, error: string | null = null) {
  return new Response(JSON.stringify({ data, message, error }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(fetchImpl: typeof fetch) {
  const onLoggedIn = vi.fn();
  const api = createApiClient(TEST_CONFIG, () => null, { fetch: fetchImpl });
  render(<LoginPage config={TEST_CONFIG} api={api} onLoggedIn={onLoggedIn} />);
  return { onLoggedIn };
}

async function fillAndSubmit(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByPlaceholderText('Login'), login);
  await user.type(screen.getByPlaceholderText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('LoginPage', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetShellState();
    alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the spec fields with visible labels and toggles the password visibility', () => {
    setup(vi.fn());
    const login = screen.getByLabelText('Identifiant');
    const password = screen.getByLabelText('Mot de passe');
    expect(login).toHaveProperty('placeholder', 'Login');
    expect(password).toHaveProperty('placeholder', 'Mot de passe');
    expect(password).toHaveProperty('type', 'password');

    const toggle = screen.getByLabelText('Montrer mon mot de passe :');
    fireEvent.click(toggle);
    expect(password).toHaveProperty('type', 'text');
    fireEvent.click(toggle);
    expect(password).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  it('sends the login, the hashed password and the devname, then stores the session', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        envelope(200, { token: 'jwt-123', development: { devid: 7, devname: 'shell-test' } }, 'ok'),
      ),
    );
    const { onLoggedIn } = setup(fetchImpl);
    await fillAndSubmit('kiosque', 'secret');

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'jwt-123', devid: 7 }));
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://kiosk.test/clientauth');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      loginRequest: { login: 'kiosque', password: hashPasswordForLogin('secret') },
      devname: 'shell-test',
    });
    expect(JSON.parse(init?.body as string).loginRequest.password).not.toContain('secret');
    expect(localStorage.getItem('jwt-shell-test')).toBe('jwt-123');
    expect(localStorage.getItem('devid-shell-test')).toBe('7');
    expect(alert).not.toHaveBeenCalled();
  });

  it('presents the previous session’s token and stores the totem id the server gives (issue 47)', async () => {
    // The last session was logged out (revoked token): its token was kept for this login.
    localStorage.setItem('previous-jwt-shell-test', 'old-jwt');
    localStorage.setItem(KIOSK_ID_STORAGE_KEY, 'made-up-by-the-kiosk');
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        envelope(
          200,
          {
            token: 'jwt-456',
            development: { devid: 7, devname: 'shell-test' },
            kioskId: 'given-by-the-server',
          },
          'ok',
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchImpl);
    const onLoggedIn = vi.fn();
    render(<LoginPage config={TEST_CONFIG} onLoggedIn={onLoggedIn} />);
    await fillAndSubmit('kiosque', 'secret');

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'jwt-456', devid: 7 }));
    const headers = fetchImpl.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers[TOKEN_HEADER]).toBe('old-jwt');
    expect(localStorage.getItem(KIOSK_ID_STORAGE_KEY)).toBe('given-by-the-server');
    expect(localStorage.getItem('jwt-shell-test')).toBe('jwt-456');
    vi.unstubAllGlobals();
  });

  it('keeps its own id when the server gives none (a server that predates identities)', async () => {
    localStorage.setItem(KIOSK_ID_STORAGE_KEY, 'made-up-by-the-kiosk');
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        envelope(200, { token: 'jwt-789', development: { devid: 7, devname: 'shell-test' } }, 'ok'),
      ),
    );
    const { onLoggedIn } = setup(fetchImpl);
    await fillAndSubmit('kiosque', 'secret');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(localStorage.getItem(KIOSK_ID_STORAGE_KEY)).toBe('made-up-by-the-kiosk');
  });

  it('alerts the message of a refused login and stores nothing', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(envelope(401, null, 'Identifiant ou mot de passe incorrect', 'unauthorized')),
    );
    const { onLoggedIn } = setup(fetchImpl);
    await fillAndSubmit('kiosque', 'faux');

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Identifiant ou mot de passe incorrect'),
    );
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwt-shell-test')).toBeNull();
    // The form is usable again for another try.
    expect(screen.getByRole('button', { name: 'Se connecter' })).toHaveProperty('disabled', false);
  });

  it('answers an empty login field in French, not with the server validation text (totem-size screen fixes)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        envelope(
          400,
          null,
          "Invalid body field 'loginRequest.login': must NOT have fewer than 1 characters",
          'bad_request',
        ),
      ),
    );
    const { onLoggedIn } = setup(fetchImpl);
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Saisissez votre identifiant et votre mot de passe, puis réessayez.',
      ),
    );
    expect(String(alert.mock.calls[0]?.[0])).not.toMatch(/Invalid|must NOT/);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('alerts the French connection text when the network fails', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const { onLoggedIn } = setup(fetchImpl);
    await fillAndSubmit('kiosque', 'secret');

    await waitFor(() => expect(alert).toHaveBeenCalledWith(NETWORK_ALERT));
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
