/**
 * The picker of the Image tool: the site's own pictures, those the totem holds (lib/media
 * held-images), as big tiles over the page. It replaces the operating system's file chooser, which
 * a public kiosk must never open (issue 41).
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldImage } from '../../lib/media/held-images';

export interface StampPickerProps {
  /** The held pictures; null while they are being listed. */
  images: readonly HeldImage[] | null;
  onPick: (image: HeldImage) => void;
  onClose: () => void;
}

export function StampPicker({ images, onPick, onClose }: StampPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    rootRef.current?.focus();
  }, []);
  // Escape closes the picker only, not the whole reader (the popup listens on the document).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <div
      ref={rootRef}
      className="pdf-reader__overlay stamp-picker"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="stamp-picker"
    >
      <div className="stamp-picker__header">
        <div>
          <h2 id={titleId} className="stamp-picker__title">
            {t('pdfReader.picker.title')}
          </h2>
          <p className="stamp-picker__hint">{t('pdfReader.picker.hint')}</p>
        </div>
        <button type="button" className="stamp-picker__close" onClick={onClose}>
          {t('pdfReader.picker.close')}
        </button>
      </div>
      {images === null ? (
        <p className="stamp-picker__message" role="status">
          {t('pdfReader.picker.loading')}
        </p>
      ) : images.length === 0 ? (
        <p className="stamp-picker__message" role="status">
          {t('pdfReader.picker.empty')}
        </p>
      ) : (
        <ul className="stamp-picker__grid">
          {images.map((image) => (
            <li key={image.url}>
              <button
                type="button"
                className="stamp-picker__tile"
                data-url={image.url}
                onClick={() => onPick(image)}
              >
                <img src={image.url} alt="" loading="lazy" decoding="async" />
                <span>
                  {t('pdfReader.picker.image', { zone: image.zone, index: String(image.index) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
