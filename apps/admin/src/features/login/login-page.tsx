/**
 * Login of the back-office. The server's message is shown as is on a refusal (wrong password,
 * disabled account, too many attempts with the wait time), because it is already in French.
 *
 * When the OpenID Connect sign-in is on (decision 046), « Se connecter avec <name> » leads to the
 * provider; a failed sign-in comes back here with `?sso_error=<code>`, whose French text is the
 * contract's (a code, not a text, so a crafted link cannot write on this page).
 */
import {
  AdminLoginRequest,
  SSO_ERROR_MESSAGES,
  isSsoErrorCode,
  pathOf,
  type SsoStatus,
} from '@plant-kiosk/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { call, errorMessage } from '../../lib/api/client';

/** The message of `?sso_error=` in the page's address, if any. */
function ssoErrorOf(search: string): string | null {
  const code = new URLSearchParams(search).get('sso_error');
  return code !== null && isSsoErrorCode(code) ? SSO_ERROR_MESSAGES[code] : null;
}
import { validate, type FieldErrors } from '../../lib/api/validate';
import { useSession } from '../../lib/session/session-context';

export function LoginPage() {
  const { login, state } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = state.status === 'anonymous' ? state.reason : undefined;
  const [sso, setSso] = useState<SsoStatus | null>(null);
  const [ssoError] = useState(() => ssoErrorOf(window.location.search));

  useEffect(() => {
    let live = true;
    // Without an answer the page simply offers the local sign-in.
    call('adminSsoStatus')
      .then((status) => {
        if (live) setSso(status);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { username: username.trim().toLowerCase(), password };
    const errors = validate(AdminLoginRequest, body);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await login(body);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <p className="brand" aria-hidden="true">
          Totems · Back-office
        </p>
        <h1 id="login-title">Connexion</h1>
        <p className="muted">Modifiez et publiez le contenu des totems du site.</p>
        {ssoError && !error && <Notice tone="error">{ssoError}</Notice>}
        {reason && !error && !ssoError && <Notice tone="info">{reason}</Notice>}
        {error && <Notice tone="error">{error}</Notice>}
        <TextField
          label="Identifiant"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={fieldErrors.username}
          autoFocus
        />
        <TextField
          label="Mot de passe"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? 'Connexion…' : 'Se connecter'}
        </button>
        {sso?.enabled && (
          <>
            <p className="muted">ou</p>
            <a className="button button-block" href={pathOf('adminSsoLogin', {})}>
              Se connecter avec {sso.displayName}
            </a>
          </>
        )}
      </form>
    </main>
  );
}
