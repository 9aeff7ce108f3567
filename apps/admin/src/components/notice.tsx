/**
 * One-line feedback. Errors are announced at once (role="alert"); successes politely (status), so
 * a screen reader user hears "Enregistré." without losing their place.
 */
import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'error' | 'info' | 'warning';

export function Notice({
  tone,
  children,
  onClose,
}: {
  tone: NoticeTone;
  children: ReactNode;
  onClose?: () => void;
}) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="notice-body">{children}</div>
      {onClose && (
        <button
          type="button"
          className="button-link"
          onClick={onClose}
          aria-label="Fermer le message"
        >
          ×
        </button>
      )}
    </div>
  );
}

export interface Feedback {
  tone: NoticeTone;
  text: string;
}

export function FeedbackNotice({
  feedback,
  onClose,
}: {
  feedback: Feedback | null;
  onClose?: () => void;
}) {
  if (!feedback) return null;
  return (
    <Notice tone={feedback.tone} onClose={onClose}>
      {feedback.text}
    </Notice>
  );
}
