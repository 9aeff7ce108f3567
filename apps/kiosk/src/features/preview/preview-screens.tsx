/**
 * What a preview shows besides the kiosk itself (issue 46): a marker that cannot be missed, on
 * top of every screen, so a preview is never taken for a totem; and the screens of a preview that
 * is loading or cannot be shown. French only: a preview is for the back-office's people.
 */
import './preview.css';

export function PreviewMarker() {
  return (
    <div className="preview-marker" data-testid="preview-marker">
      Aperçu — non publié
    </div>
  );
}

export function PreviewLoading() {
  return (
    <main className="preview-screen" aria-busy="true">
      <h1 className="preview-screen__title">Aperçu — non publié</h1>
      <p role="status">Chargement de l’aperçu…</p>
    </main>
  );
}

export function PreviewProblem({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <main className="preview-screen">
      <h1 className="preview-screen__title">Aperçu — non publié</h1>
      <p role="alert" className="preview-screen__problem">
        {message}
      </p>
      <button type="button" className="kiosk-button kiosk-button--large" onClick={onRetry}>
        Réessayer
      </button>
    </main>
  );
}
