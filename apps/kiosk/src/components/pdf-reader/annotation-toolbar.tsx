/**
 * The annotation tools of the PDF reader (docs/product.md#states editor modes), sized for gloved fingers: every
 * button is at least 76 × 84 px and carries a label under its icon, in the language of the page
 * the reader was opened from (i18n `pdfReader`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMode, EditorState } from './pdf-adapter';

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
  /** The Image tool: opens the picker of the site's pictures. */
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
  const { t } = useTranslation();
  const tools: EditorMode[] = ['none', 'freetext', 'ink', 'highlight', 'stamp'];
  return (
    <div className="annotation-toolbar" role="toolbar" aria-label={t('pdfReader.toolbar')}>
      <div className="annotation-toolbar__group">
        {tools.map((tool) => (
          <button
            key={tool}
            type="button"
            className="annotation-toolbar__button"
            aria-pressed={mode === tool}
            title={t(`pdfReader.hints.${tool}`)}
            disabled={disabled}
            data-mode={tool}
            onClick={() => (tool === 'stamp' ? onPickImage() : onMode(tool))}
          >
            <Icon name={tool} />
            <span>{t(`pdfReader.tools.${tool}`)}</span>
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
          <span>{t('pdfReader.undo')}</span>
        </button>
        <button
          type="button"
          className="annotation-toolbar__button"
          disabled={disabled || !editor.canRedo}
          onClick={onRedo}
        >
          <Icon name="redo" />
          <span>{t('pdfReader.redo')}</span>
        </button>
        <button
          type="button"
          className="annotation-toolbar__button"
          disabled={disabled || !editor.hasSelection}
          onClick={onDelete}
        >
          <Icon name="delete" />
          <span>{t('pdfReader.delete')}</span>
        </button>
      </div>
    </div>
  );
}
