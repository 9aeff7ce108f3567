/**
 * The media library's upload (packages/contract/src/media.ts). It goes through XMLHttpRequest
 * because fetch reports no upload progress, and a 200 MB video needs a progress bar; its URL comes
 * from the route table like every call's (decision 031). The library's list and deletion are
 * plain calls: `call('adminMedia', …)`, `callWithMessage('adminDeleteMedia', …)`.
 */
import { MEDIA_UPLOAD_FIELD, pathOf, type ResponseOf } from '@plant-kiosk/contract';
import { ApiError, routeAnswer, unwrap, writeHeaders } from './client';

export interface UploadHandle {
  promise: Promise<{ data: ResponseOf<'adminUploadMedia'>; message: string }>;
  abort(): void;
}

/** Uploads one file; `onProgress` gets 0…1 as the bytes leave the browser. */
export function uploadMedia(
  devid: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadHandle['promise'] extends Promise<infer T> ? T : never>(
    (resolve, reject) => {
      xhr.open('POST', pathOf('adminUploadMedia', { params: { devid } }));
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
          resolve(routeAnswer('adminUploadMedia', xhr.status, unwrap(xhr.status, body)));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      xhr.onerror = () =>
        reject(
          new ApiError(0, 'L’envoi a échoué : le serveur ne répond pas. Réessayez.', 'network'),
        );
      xhr.onabort = () => reject(new ApiError(0, 'Envoi annulé.', 'aborted'));
      const form = new FormData();
      form.append(MEDIA_UPLOAD_FIELD, file, file.name);
      xhr.send(form);
    },
  );
  return { promise, abort: () => xhr.abort() };
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
