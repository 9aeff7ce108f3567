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
  type ResponseOf,
} from '@plant-kiosk/contract';
import { ApiError, routeAnswer, unwrap, writeHeaders } from '../../lib/api/client';

export interface PackUploadHandle {
  promise: Promise<{ data: ResponseOf<'adminUploadPack'>; message: string }>;
  abort(): void;
}

type Answer = PackUploadHandle['promise'] extends Promise<infer T> ? T : never;

/** Sends the pack for `target`; `onProgress` gets 0…1 as the bytes leave the browser. */
export function uploadPack(
  target: PackUploadQuery,
  file: File,
  onProgress: (fraction: number) => void,
): PackUploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Answer>((resolve, reject) => {
    xhr.open('POST', pathOf('adminUploadPack', { query: target }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(writeHeaders(false))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      try {
        resolve(routeAnswer('adminUploadPack', xhr.status, unwrap(xhr.status, body)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'L’envoi a échoué : le serveur ne répond pas. Réessayez.', 'network'));
    xhr.onabort = () => reject(new ApiError(0, 'Envoi annulé.', 'aborted'));
    const form = new FormData();
    form.append(PACK_UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The reasons a refused pack came back with (the envelope's `data.reasons`), else none. */
export function refusalReasons(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const reasons = (error.data as Partial<PackRefusal> | null)?.reasons;
  return Array.isArray(reasons) ? reasons.filter((reason) => typeof reason === 'string') : [];
}
