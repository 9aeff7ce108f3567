/**
 * The fullscreen "Veille" reader (docs/product.md#screens, #states), opened by the idle counter. It shows the image
 * pages of the zone `Veille` from the local database, so it works offline like everything else.
 * Its pages invite people to touch the screen, so a tap anywhere (outside its buttons) closes it.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../lib/kiosk-context/kiosk-context';
import { Popup } from '../../components/popup/popup';
import { mediaUrl } from '../../lib/media/media-url';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useZone } from '../content';
import { PageReader, type ReaderPage } from './page-reader';
import './idle.css';

export function IdleReader() {
  const open = useUiStore((state) => state.idleReaderOpen);
  // Mounted only while open: the zone is read, and its refresh runs, only when needed.
  return open ? <IdleReaderPopup /> : null;
}

function IdleReaderPopup() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const closeIdleReader = useUiStore((state) => state.closeIdleReader);
  const { elements } = useZone(IMAGE_ZONES.idle.fr);

  const pages = useMemo<ReaderPage[]>(
    () =>
      elements
        .filter((element) => element.type === 'image' && element.value.trim() !== '')
        .map((element, index) => ({
          src: mediaUrl(element.value, config),
          alt: element.alt ?? `${t('idle.readerTitle')} — ${index + 1}`,
        })),
    [elements, config, t],
  );

  return (
    <Popup
      open
      fullscreen
      onClose={closeIdleReader}
      label={t('idle.readerTitle')}
      closeLabel={t('idle.close')}
      className="idle-reader"
    >
      {/* The Veille pages say "Touchez l'écran pour commencer": a tap anywhere but on the
          reader's own buttons closes it (keyboard users have FERMER and Escape). */}
      <div
        className="idle-reader__surface"
        data-testid="idle-reader-surface"
        onClick={(event) => {
          if (!(event.target as Element).closest('button')) closeIdleReader();
        }}
      >
        <PageReader pages={pages} />
      </div>
    </Popup>
  );
}
