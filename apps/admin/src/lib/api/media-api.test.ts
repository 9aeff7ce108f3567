import { ADMIN_CSRF_HEADER } from '@plant-kiosk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setCsrfToken } from './client';
import { FakeXhr } from '../../testing/fake-xhr';
import { formatBytes, uploadMedia } from './media-api';

afterEach(() => {
  setCsrfToken(null);
  vi.unstubAllGlobals();
});

describe('uploadMedia', () => {
  it('posts the file as multipart with the CSRF token and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setCsrfToken('csrf-9');
    const progress: number[] = [];
    const file = new File(['png'], 'photo.png', { type: 'image/png' });
    const handle = uploadMedia(4, file, (fraction) => progress.push(fraction));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/developments/4/media');
    expect(xhr.headers[ADMIN_CSRF_HEADER]).toBe('csrf-9');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.answer(201, { data: { mediaid: 8 }, message: 'Fichier ajouté.', error: null });
    await expect(handle.promise).resolves.toEqual({
      data: { mediaid: 8 },
      message: 'Fichier ajouté.',
    });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with the server’s message when the file is refused', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const handle = uploadMedia(4, new File(['<svg/>'], 'logo.svg'), () => undefined);
    FakeXhr.last.answer(415, {
      data: null,
      message: 'Ce type de fichier n’est pas accepté (SVG refusé).',
      error: 'unsupported_media_type',
    });
    const error = await handle.promise.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Ce type de fichier n’est pas accepté (SVG refusé).');
  });
});

describe('formatBytes', () => {
  it('speaks French units', () => {
    expect(formatBytes(512)).toBe('512 o');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 Mo');
    expect(formatBytes(null)).toBe('—');
  });
});
