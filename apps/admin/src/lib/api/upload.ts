/**
 * A file sent to a route of the table with upload progress: XMLHttpRequest, because fetch reports
 * none, and a 200 MB video or a plant's content pack needs a progress bar. The answer is read as
 * every call's (the envelope, the route's schema in development), with the same credentials and
 * CSRF header; a network failure and an abort are ApiErrors of their own.
 */
import type { JsonRouteName, ResponseOf } from '@plant-kiosk/contract';
import { ApiError, routeAnswer, unwrap, writeHeaders } from './client';

export interface UploadHandle<N extends JsonRouteName> {
  promise: Promise<{ data: ResponseOf<N>; message: string }>;
  abort(): void;
}

/** Posts `file` as the form field `field` to `url` (route `name`); `onProgress` gets 0…1. */
export function uploadWithProgress<N extends JsonRouteName>(
  name: N,
  url: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<N> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ data: ResponseOf<N>; message: string }>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [header, value] of Object.entries(writeHeaders(false))) {
      xhr.setRequestHeader(header, value);
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
        resolve(routeAnswer(name, xhr.status, unwrap(xhr.status, body)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'L’envoi a échoué : le serveur ne répond pas. Réessayez.', 'network'));
    xhr.onabort = () => reject(new ApiError(0, 'Envoi annulé.', 'aborted'));
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
