/** Page frame: one h1 per screen (the document title follows it) and the loading / error states. */
import { useEffect, type ReactNode } from 'react';
import { Notice } from './notice';

export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} — Back-office des totems`;
  }, [title]);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{title}</h1>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Loading({ label = 'Chargement…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Notice tone="error">
      {message}{' '}
      {onRetry && (
        <button type="button" className="button-link" onClick={onRetry}>
          Réessayer
        </button>
      )}
    </Notice>
  );
}
