/**
 * QR codes drawn as SVG (crisp at any kiosk scale, nothing fetched). Defaults are the product's
 * (docs/product.md#constants): size 128, error-correction level L.
 */
import { QRCodeSVG } from 'qrcode.react';

export const QR_CODE_DEFAULT_SIZE = 128;
export const QR_TILE_SIZE = 120;
export const QR_IN_PROGRESS_TEXT = 'En cours de déploiement';

export type QrErrorLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrCodeProps {
  /** Text or URL to encode. */
  value: string;
  /** Side in CSS pixels (default 128). */
  size?: number;
  /** Error-correction level (default L). */
  level?: QrErrorLevel;
  /** Accessible name; defaults to a French description of the link. */
  title?: string;
  className?: string;
}

export function QrCode({
  value,
  size = QR_CODE_DEFAULT_SIZE,
  level = 'L',
  title,
  className,
}: QrCodeProps) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level={level}
      title={title ?? `QR code : ${value}`}
      role="img"
      className={['qr-code', className ?? ''].filter(Boolean).join(' ')}
      data-size={size}
      data-level={level}
      marginSize={2}
    />
  );
}
