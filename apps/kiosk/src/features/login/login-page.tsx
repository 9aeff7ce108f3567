/**
 * The login page (docs/product.md#screens, #validation, #errors), shown whenever no token is stored. What was typed is sent as
 * is (no validation, docs/product.md#validation), the password as its client hash only. Errors use the browser's
 * alert, as the spec asks: the response's `message` for a refusal, and the fixed French text for a
 * network failure (ApiError status 0: no HTTP answer at all). A 400 (the server's schema check,
 * e.g. an empty field) carries a technical English message: the kiosk shows a French one instead.
 *
 * Each totem's own identity (issue 47, decision 015): the login presents the totem's previous token
 * in the `token` header, so that it keeps the id the server gave it, and stores the id it answers.
 */
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, createApiClient, type ApiClient } from '../../lib/api/api-client';
import type { RuntimeConfig } from '../../lib/config/runtime-config';
import { previousToken, saveKioskId, saveSession, type Session } from '../../lib/session/session';
import './login-page.css';

export interface LoginPageProps {
  config: Pick<RuntimeConfig, 'devname' | 'contentBase' | 'authBase'>;
  /** Called once the session is stored. */
  onLoggedIn(session: Session): void;
  /** Injected in tests; by default an API client without token. */
  api?: Pick<ApiClient, 'login'>;
}

export function LoginPage({ config, onLoggedIn, api }: LoginPageProps) {
  const { t } = useTranslation();
  const id = useId();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const client = useMemo(
    () => api ?? createApiClient(config, () => previousToken(config.devname)),
    [api, config],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const response = await client.login({
        loginRequest: { login, password: hashPasswordForLogin(password) },
        devname: config.devname,
      });
      const session: Session = { token: response.token, devid: response.development.devid };
      if (response.kioskId !== undefined) saveKioskId(response.kioskId);
      saveSession(config.devname, session.token, session.devid);
      onLoggedIn(session);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 400) {
        // The server's schema check answers in technical English (e.g. an empty login field):
        // every message a kiosk user sees is French (docs/product.md#errors keeps the alert; totem-size screen
        // fixes).
        console.error('[login] request refused by validation', error.message);
        window.alert(t('login.invalidRequest'));
      } else if (error instanceof ApiError && error.status !== 0) {
        window.alert(error.message);
      } else {
        console.error('[login] no answer from the authentication service', error);
        window.alert(t('login.networkError'));
      }
    }
  };

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={(event) => void submit(event)}>
        <img className="login-card__logo" src="./logo.svg" alt="" width={560} height={119} />
        <h1 className="login-card__title">{t('login.title')}</h1>
        <p className="login-card__subtitle">{t('login.subtitle')}</p>

        <label className="login-card__label" htmlFor={`${id}-login`}>
          {t('login.loginLabel')}
        </label>
        <input
          id={`${id}-login`}
          className="login-card__input"
          type="text"
          name="login"
          placeholder={t('login.loginPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={login}
          onChange={(event) => setLogin(event.target.value)}
        />

        <label className="login-card__label" htmlFor={`${id}-password`}>
          {t('login.passwordLabel')}
        </label>
        <input
          id={`${id}-password`}
          className="login-card__input"
          type={showPassword ? 'text' : 'password'}
          name="password"
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />

        <label className="login-card__toggle" htmlFor={`${id}-show`}>
          <span>{t('login.showPassword')}</span>
          <input
            id={`${id}-show`}
            type="checkbox"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
        </label>

        <button
          type="submit"
          className="kiosk-button kiosk-button--large login-card__submit"
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </main>
  );
}
