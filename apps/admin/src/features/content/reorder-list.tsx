/**
 * An ordered list that the user can reorder two ways: dragging a row (native HTML5 drag and drop,
 * for the mouse) and the "monter / descendre" buttons of each row (keyboard and screen readers).
 * The new order is sent as the full list of ids; the server's answer (or, on a 409, the current
 * list it sends back) becomes the list shown.
 */
import { useRef, useState, type ReactNode } from 'react';

export interface ReorderListProps<T> {
  items: readonly T[];
  idOf(item: T): number;
  /** Short name of an item for the buttons' labels, e.g. "élément 3 « Menu »". */
  nameOf(item: T): string;
  renderItem(item: T, index: number): ReactNode;
  /** Shows its own errors; resolves true when the new order was saved. */
  onReorder(ids: number[]): Promise<boolean>;
  /** Accessible name of the list. */
  label: string;
  disabled?: boolean;
}

export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

export function ReorderList<T>({
  items,
  idOf,
  nameOf,
  renderItem,
  onReorder,
  label,
  disabled = false,
}: ReorderListProps<T>) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  // Only the handle starts a drag: a draggable row would steal text selection from its inputs.
  const [armed, setArmed] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const ids = items.map(idOf);

  const move = async (from: number, to: number, refocus?: 'up' | 'down') => {
    if (to < 0 || to >= items.length || from === to || busy) return;
    const item = items[from]!;
    setBusy(true);
    try {
      if (!(await onReorder(moveId(ids, from, to)))) return;
      setAnnouncement(`${nameOf(item)} déplacé en position ${to + 1} sur ${items.length}.`);
      if (refocus) {
        // The row moved: put the focus back on the same button of its new row.
        requestAnimationFrame(() => {
          const row = listRef.current?.querySelector<HTMLElement>(
            `[data-reorder-id="${idOf(item)}"]`,
          );
          const target =
            row?.querySelector<HTMLButtonElement>(`[data-move="${refocus}"]:not(:disabled)`) ??
            row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
          target?.focus();
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ol className="reorder-list" aria-label={label} ref={listRef}>
        {items.map((item, index) => {
          const id = idOf(item);
          const name = nameOf(item);
          return (
            <li
              key={id}
              data-reorder-id={id}
              className={`reorder-row${overIndex === index && dragIndex !== index ? ' drop-target' : ''}${dragIndex === index ? ' dragging' : ''}`}
              draggable={!disabled && !busy && armed === id}
              onDragStart={(event) => {
                setDragIndex(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(id));
              }}
              onDragOver={(event) => {
                if (dragIndex === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOverIndex(index);
              }}
              onDragLeave={() => setOverIndex((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                const from = dragIndex;
                setDragIndex(null);
                setOverIndex(null);
                if (from !== null) void move(from, index);
              }}
              onDragEnd={() => {
                setArmed(null);
                setDragIndex(null);
                setOverIndex(null);
              }}
            >
              <span
                className="drag-handle"
                aria-hidden="true"
                title="Glisser pour déplacer"
                onPointerDown={() => setArmed(id)}
                onPointerUp={() => setArmed(null)}
              >
                ⠿
              </span>
              <span className="reorder-position" aria-hidden="true">
                {index + 1}
              </span>
              <div className="reorder-content">{renderItem(item, index)}</div>
              <span className="reorder-buttons">
                <button
                  type="button"
                  className="icon-button"
                  data-move="up"
                  aria-label={`Monter ${name}`}
                  title="Monter"
                  disabled={disabled || busy || index === 0}
                  onClick={() => void move(index, index - 1, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  data-move="down"
                  aria-label={`Descendre ${name}`}
                  title="Descendre"
                  disabled={disabled || busy || index === items.length - 1}
                  onClick={() => void move(index, index + 1, 'down')}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
