/**
 * The back-office's side of a content pack's import (packages/contract/src/pack-upload.ts): the
 * upload goes through XMLHttpRequest, as the media library's does, because fetch reports no upload
 * progress and a plant's pack weighs hundreds of megabytes; the confirmation and the discard are
 * plain calls of the route table.
 */
import {
  PACK_UPLOAD_FIELD,
  pathOf,
  type PackRefusal,
  type PackUploadQuery,
} from '@plant-kiosk/contract';
import { ApiError } from '../../lib/api/client';
import { uploadWithProgress, type UploadHandle } from '../../lib/api/upload';

export type PackUploadHandle = UploadHandle<'adminUploadPack'>;

/** Sends the pack for `target`; `onProgress` gets 0…1 as the bytes leave the browser. */
export function uploadPack(
  target: PackUploadQuery,
  file: File,
  onProgress: (fraction: number) => void,
): PackUploadHandle {
  return uploadWithProgress(
    'adminUploadPack',
    pathOf('adminUploadPack', { query: target }),
    PACK_UPLOAD_FIELD,
    file,
    onProgress,
  );
}

/** The reasons a refused pack came back with (the envelope's `data.reasons`), else none. */
export function refusalReasons(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const reasons = (error.data as Partial<PackRefusal> | null)?.reasons;
  return Array.isArray(reasons) ? reasons.filter((reason) => typeof reason === 'string') : [];
}
