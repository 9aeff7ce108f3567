/**
 * Modal dialog: focus moves into it, stays in it (Tab wraps), Escape cancels, and focus returns to
 * the control that opened it. Built by hand rather than with <dialog> because jsdom, which runs
 * the component tests, does not implement showModal().
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export function Dialog({
  title,
  children,
  onCancel,
  actions,
  className,
  head,
}: {
  title: string;
  children: ReactNode;
  onCancel: () => void;
  actions: ReactNode;
  /** A modifier of the box ("dialog-picker"). */
  className?: string;
  /**
   * Controls kept with the title in a header that stays in view while the body scrolls (the media
   * picker's close button, search and upload above hundreds of files).
   */
  head?: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = ref.current;
    // The control marked data-autofocus wherever it is (a selector list would take whichever
    // comes first in the page, such as a header's close button before the search field).
    const first =
      box?.querySelector<HTMLElement>('[data-autofocus]') ??
      box?.querySelector<HTMLElement>('button, input, select, textarea');
    first?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [
      ...ref.current.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]'),
    ].filter((element) => !element.hasAttribute('disabled'));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        {head ? (
          <div className="dialog-head">
            <h2 id={titleId}>{title}</h2>
            {head}
          </div>
        ) : (
          <h2 id={titleId}>{title}</h2>
        )}
        {/* Focusable: a body that scrolls (a long list of changes, with nothing to tab to) must
            scroll by keyboard too. */}
        <div className="dialog-body" tabIndex={0}>
          {children}
        </div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

/** "Are you sure?" with the destructive button in red; Cancel gets the focus by default. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} data-autofocus>
            Annuler
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
