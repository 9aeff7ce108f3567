/**
 * The router's error element (docs/product.md#errors): the error screen (error-screen.tsx) with the error's
 * message. Mounted both around the pages (the frame stays, so the inactivity countdown still
 * brings the kiosk back to the root by itself) and around the frame itself.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

export { ERROR_TITLE, ErrorScreen } from './error-screen';

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
