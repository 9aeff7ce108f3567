/**
 * A document's page images in the full-screen page viewer popup — PageViewerPopup's layout, with
 * the close button in the visitor's language ("Close" on an English page, "Fermer" otherwise).
 */
import { PageViewer, type ViewerPage } from '../../components/page-viewer';
import { Popup } from '../../components/popup/popup';

export interface DocumentPopupProps {
  open: boolean;
  onClose: () => void;
  title: string;
  pages: readonly (string | ViewerPage)[];
  closeLabel: string;
}

export function DocumentPopup({ open, onClose, title, pages, closeLabel }: DocumentPopupProps) {
  return (
    <Popup
      open={open}
      onClose={onClose}
      label={title}
      closeLabel={closeLabel}
      fullscreen
      className="page-viewer-popup"
    >
      <PageViewer pages={pages} title={title} />
    </Popup>
  );
}
