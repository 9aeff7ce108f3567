/**
 * The kiosk's one modal popup (docs/product.md#screens): closes on its "Fermer" button, a tap on the overlay, or
 * Escape. Focus moves into the dialog when it opens and back where it was when it closes, so a
 * keyboard or switch user is never lost behind the overlay.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import './popup.css';

export interface PopupProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  children: ReactNode;
  /** Text of the close button; the spec's is "Fermer". */
  closeLabel?: string;
  /** Fill the whole screen (page viewers, idle reader) instead of a centred panel. */
  fullscreen?: boolean;
  className?: string;
}

export function Popup({
  open,
  onClose,
  label,
  children,
  closeLabel = 'Fermer',
  fullscreen = false,
  className,
}: PopupProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="popup-overlay"
      data-testid="popup-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={['popup', fullscreen ? 'popup--fullscreen' : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
      >
        <button type="button" className="popup__close" onClick={onClose}>
          {closeLabel}
        </button>
        {/* In the tab order: a body that scrolls (a long sheet, reach mode's shorter popups,
            larger text) can be scrolled from a keyboard even when it holds no control. */}
        <div className="popup__body" tabIndex={0}>
          {children}
        </div>
      </div>
    </div>
  );
}
