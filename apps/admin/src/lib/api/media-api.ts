/**
 * The media library's upload (packages/contract/src/media.ts), with its progress (upload.ts); its
 * URL comes from the route table like every call's (decision 031). The library's list and deletion are
 * plain calls: `call('adminMedia', …)`, `callWithMessage('adminDeleteMedia', …)`.
 */
import { MEDIA_UPLOAD_FIELD, pathOf } from '@plant-kiosk/contract';
import { uploadWithProgress, type UploadHandle } from './upload';

export type MediaUploadHandle = UploadHandle<'adminUploadMedia'>;

/** Uploads one file; `onProgress` gets 0…1 as the bytes leave the browser. */
export function uploadMedia(
  devid: number,
  file: File,
  onProgress: (fraction: number) => void,
): MediaUploadHandle {
  return uploadWithProgress(
    'adminUploadMedia',
    pathOf('adminUploadMedia', { params: { devid } }),
    MEDIA_UPLOAD_FIELD,
    file,
    onProgress,
  );
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['o', 'Ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
