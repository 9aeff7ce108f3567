/**
 * The kiosk's error screen (docs/product.md#errors): "Unexpected Application Error!", the error's message, and a
 * big "Recharger" button. Free of the router, so the app root can show it too when the logged-in
 * kiosk's own chunk cannot be loaded (app.tsx); the router's error elements use it as well
 * (route-error.tsx).
 */
import { useTranslation } from 'react-i18next';
import './route-error.css';

export const ERROR_TITLE = 'Unexpected Application Error!';

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
