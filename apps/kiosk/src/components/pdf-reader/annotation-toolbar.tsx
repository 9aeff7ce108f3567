/**
 * The annotation tools of the PDF reader (spec §4 editor modes), sized for fingers: every button
 * is at least 64 px and carries a French label under its icon.
 */
import type { ReactNode } from 'react';
import type { EditorMode, EditorState } from './pdf-adapter';

export const TOOL_LABELS: Record<EditorMode, string> = {
  none: 'Aucun',
  freetext: 'Texte',
  ink: 'Dessin',
  highlight: 'Surligner',
  stamp: 'Image',
};

const TOOL_HINTS: Record<EditorMode, string> = {
  none: 'Lire sans annoter',
  freetext: 'Touchez la page pour écrire',
  ink: 'Dessinez sur la page avec le doigt',
  highlight: 'Glissez sur le texte à surligner',
  stamp: 'Choisissez une image à poser sur la page',
};

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ICONS: Record<EditorMode | 'undo' | 'redo' | 'delete', ReactNode> = {
  none: <path {...stroke} d="M6 3l12 9-5.5 1.2L15 20l-2.6 1.2-2.6-6.6L6 18z" />,
  freetext: <path {...stroke} d="M5 6V4h14v2M12 4v16M9 20h6" />,
  ink: (
    <path
      {...stroke}
      d="M4 20l1-4L16.5 4.5a2.1 2.1 0 013 3L8 19l-4 1zM14.5 6.5l3 3M3 22c3-1 5 1 8-1"
    />
  ),
  highlight: (
    <>
      <path {...stroke} d="M9 15l-2 2v2h4l2-2M9 15l7-10 4 3-7 9z" />
      <path d="M3 21h18" stroke="currentColor" strokeWidth={3} opacity={0.5} />
    </>
  ),
  stamp: (
    <>
      <rect {...stroke} x="3" y="4" width="18" height="16" rx="2" />
      <circle {...stroke} cx="9" cy="10" r="2" />
      <path {...stroke} d="M21 16l-5-5-9 9" />
    </>
  ),
  undo: <path {...stroke} d="M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 010 11H11" />,
  redo: <path {...stroke} d="M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 000 11H13" />,
  delete: <path {...stroke} d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />,
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="annotation-toolbar__icon" viewBox="0 0 24 24" aria-hidden="true">
      {ICONS[name]}
    </svg>
  );
}

export interface AnnotationToolbarProps {
  mode: EditorMode;
  editor: EditorState;
  onMode: (mode: EditorMode) => void;
  /** The Image tool: opens the reader's checked image picker. */
  onPickImage: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onDelete: () => void;
  disabled?: boolean;
}

export function AnnotationToolbar({
  mode,
  editor,
  onMode,
  onPickImage,
  onUndo,
  onRedo,
  onDelete,
  disabled = false,
}: AnnotationToolbarProps) {
  const tools: EditorMode[] = ['none', 'freetext', 'ink', 'highlight', 'stamp'];
  return (
    <div className="annotation-toolbar" role="toolbar" aria-label="Outils d'annotation">
      <div className="annotation-toolbar__group">
        {tools.map((tool) => (
          <button
            key={tool}
            type="button"
            className="annotation-toolbar__button"
            aria-pressed={mode === tool}
            title={TOOL_HINTS[tool]}
            disabled={disabled}
            data-mode={tool}
            onClick={() => (tool === 'stamp' ? onPickImage() : onMode(tool))}
          >
            <Icon name={tool} />
            <span>{TOOL_LABELS[tool]}</span>
          </button>
        ))}
      </div>
      <div className="annotation-toolbar__group">
        <button
          type="button"
          className="annotation-toolbar__button"
          disabled={disabled || !editor.canUndo}
          onClick={onUndo}
        >
          <Icon name="undo" />
          <span>Annuler</span>
        </button>
        <button
          type="button"
          className="annotation-toolbar__button"
          disabled={disabled || !editor.canRedo}
          onClick={onRedo}
        >
          <Icon name="redo" />
          <span>Rétablir</span>
        </button>
        <button
          type="button"
          className="annotation-toolbar__button"
          disabled={disabled || !editor.hasSelection}
          onClick={onDelete}
        >
          <Icon name="delete" />
          <span>Supprimer</span>
        </button>
      </div>
    </div>
  );
}
