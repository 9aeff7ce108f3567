import { describe, expect, it } from 'vitest';
import { checkStampImage, isSvgText, sniffRasterType } from './image-type';

const base64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

// Real files, byte for byte: a 1×1 PNG and a 1×1 GIF.
const PNG_1X1 = base64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
);
const GIF_1X1 = base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const APNG = bytes(
  PNG_SIG,
  [0, 0, 0, 13],
  'IHDR',
  [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 8],
  'acTL',
  [0, 0, 0, 2, 0, 0, 0, 0],
  [0, 0, 0, 0],
);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBP', 'VP8 ', [0x18, 0, 0, 0]);
const BMP = bytes(
  'BM',
  [0x3a, 0, 0, 0],
  [0, 0, 0, 0],
  [0x36, 0, 0, 0],
  [40, 0, 0, 0],
  [1, 0, 0, 0],
);
const ICO = bytes([0, 0, 1, 0, 1, 0], [16, 16, 0, 0, 1, 0, 32, 0], [0x68, 4, 0, 0], [22, 0, 0, 0]);
const AVIF = bytes([0, 0, 0, 0x1c], 'ftyp', 'avif', [0, 0, 0, 0], 'avif', 'mif1', 'miaf');
const AVIF_COMPATIBLE = bytes([0, 0, 0, 0x18], 'ftyp', 'mif1', [0, 0, 0, 0], 'mif1', 'avif');
const HEIC = bytes([0, 0, 0, 0x18], 'ftyp', 'heic', [0, 0, 0, 0], 'mif1', 'heic');
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

describe('sniffRasterType', () => {
  it.each([
    ['PNG', PNG_1X1, 'image/png'],
    ['APNG', APNG, 'image/apng'],
    ['GIF89a', GIF_1X1, 'image/gif'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
    ['BMP', BMP, 'image/bmp'],
    ['ICO', ICO, 'image/x-icon'],
    ['AVIF', AVIF, 'image/avif'],
    ['AVIF by compatible brand', AVIF_COMPATIBLE, 'image/avif'],
  ])('recognises %s from its signature', (_name, data, mime) => {
    expect(sniffRasterType(data)).toBe(mime);
  });

  it.each([
    ['plain text', bytes('Bonjour, ceci est un fichier texte.')],
    ['text starting with BM', bytes('BM is not a bitmap header at all')],
    ['a PDF', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['a HEIC photo', HEIC],
    [
      'a cursor file',
      bytes([0, 0, 2, 0, 1, 0], [16, 16, 0, 0, 1, 0, 32, 0], [0x68, 4, 0, 0], [22, 0, 0, 0]),
    ],
    ['nothing', new Uint8Array()],
    ['a truncated PNG signature', new Uint8Array(PNG_SIG.slice(0, 5))],
  ])('refuses %s', (_name, data) => {
    expect(sniffRasterType(data)).toBeNull();
  });
});

describe('isSvgText', () => {
  it('accepts SVG documents, with or without prolog', () => {
    expect(isSvgText(SVG)).toBe(true);
    expect(isSvgText(`\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n${SVG}`)).toBe(
      true,
    );
  });

  it('refuses broken XML, other XML and HTML', () => {
    expect(isSvgText('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBe(false);
    expect(isSvgText('<svg><rect/></svg>')).toBe(false);
    expect(isSvgText('<html><body>svg</body></html>')).toBe(false);
    expect(isSvgText('just text with <svg> inside')).toBe(false);
  });
});

describe('checkStampImage', () => {
  const file = (data: BlobPart, name: string, type = '') => new File([data], name, { type });

  it('accepts every allowed format, whatever the file is called', async () => {
    for (const [data, mime] of [
      [PNG_1X1, 'image/png'],
      [APNG, 'image/apng'],
      [GIF_1X1, 'image/gif'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [BMP, 'image/bmp'],
      [ICO, 'image/x-icon'],
      [AVIF, 'image/avif'],
      [SVG, 'image/svg+xml'],
    ] as const) {
      const result = await checkStampImage(file(data, 'image-sans-extension'));
      expect(result.ok && result.mime).toBe(mime);
      expect(result.ok && result.file.type).toBe(mime);
    }
  });

  it('refuses a text file renamed .png', async () => {
    const result = await checkStampImage(
      file('Ceci est une note, pas une image.', 'photo.png', 'image/png'),
    );
    expect(result).toEqual({ ok: false, reason: 'refused' });
  });

  it('refuses a PDF, an HTML page named .svg and an empty file', async () => {
    for (const refused of [
      file('%PDF-1.7\n1 0 obj', 'doc.png', 'image/png'),
      file('<html><script>alert(1)</script></html>', 'logo.svg', 'image/svg+xml'),
      file('', 'vide.gif', 'image/gif'),
    ]) {
      expect((await checkStampImage(refused)).ok).toBe(false);
    }
  });
});
