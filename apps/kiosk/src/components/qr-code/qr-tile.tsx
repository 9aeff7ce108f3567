/**
 * The QR tile of docs/product.md#screens: a label above a QR code, or the words "En cours de déploiement" when the
 * target is still being deployed (explicitly in progress, or simply no link yet).
 */
import { QR_IN_PROGRESS_TEXT, QR_TILE_SIZE, QrCode, type QrErrorLevel } from './qr-code';
import './qr-code.css';

export interface QrTileProps {
  /** Text above the code, e.g. "Téléchargez le catalogue". */
  label: string;
  /** What the code points to; without it the tile shows the in-progress text. */
  link?: string | null;
  /** Forces the in-progress text even when a link exists. */
  inProgress?: boolean;
  /** Side of the code in CSS pixels (default 120). */
  size?: number;
  level?: QrErrorLevel;
  className?: string;
}

export function QrTile({
  label,
  link,
  inProgress = false,
  size = QR_TILE_SIZE,
  level,
  className,
}: QrTileProps) {
  const ready = !inProgress && typeof link === 'string' && link.trim() !== '';
  return (
    <figure className={['qr-tile', className ?? ''].filter(Boolean).join(' ')}>
      <figcaption className="qr-tile__label">{label}</figcaption>
      {ready ? (
        <QrCode value={link} size={size} level={level} title={`${label} : ${link}`} />
      ) : (
        <p className="qr-tile__pending" style={{ minHeight: size }}>
          {QR_IN_PROGRESS_TEXT}
        </p>
      )}
    </figure>
  );
}
