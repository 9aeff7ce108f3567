/**
 * The router's error element (spec §8): "Unexpected Application Error!", the error's message, and
 * a big "Recharger" button. Mounted both around the pages (the frame stays, so the inactivity
 * countdown still brings the kiosk back to the root by itself) and around the frame itself.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import './route-error.css';

export const ERROR_TITLE = 'Unexpected Application Error!';

export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('[router] page failed', error), [error]);
  return <ErrorScreen detail={describeError(error)} />;
}

/** No route matches: shown inside the frame like any other page failure. */
export function NotFoundError() {
  const { t } = useTranslation();
  return <ErrorScreen detail={`404 — ${t('error.notFound')}`} />;
}

export function ErrorScreen({ detail }: { detail: string }) {
  const { t } = useTranslation();
  return (
    <div className="route-error" role="alert">
      <svg className="route-error__icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="5" />
        <path d="M32 17v19" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        <circle cx="32" cy="46" r="3.8" fill="currentColor" />
      </svg>
      <h1 className="route-error__title">{ERROR_TITLE}</h1>
      <p className="route-error__explanation">{t('error.explanation')}</p>
      <pre className="route-error__detail">{detail}</pre>
      <div className="route-error__actions">
        <button
          type="button"
          className="kiosk-button kiosk-button--large route-error__reload"
          onClick={() => window.location.reload()}
        >
          {t('error.reload')}
        </button>
        <a className="kiosk-button kiosk-button--large kiosk-button--light" href="#/accueil">
          {t('error.home')}
        </a>
      </div>
    </div>
  );
}
