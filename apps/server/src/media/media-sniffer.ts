/**
 * What an uploaded file really is, from its first bytes ("magic numbers"), never from its name or
 * the type the browser declared: a renamed file must not slip through as something it is not.
 */
import type { MediaKind } from '@plant-kiosk/contract';

/** Enough bytes for every signature below (WebM's doctype and AVIF's brands sit in the first KB). */
export const SNIFF_BYTES = 4096;

export type Sniffed =
  | { kind: MediaKind; contentType: string; extension: string }
  | { kind: 'svg' }
  | { kind: 'unknown' };

const ascii = (head: Uint8Array, start: number, end: number) =>
  Buffer.from(head.subarray(start, end)).toString('latin1');

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

/** ISO base media file brands (the `ftyp` box): AVIF images, or MP4 video. */
function isoBrands(head: Uint8Array): string[] | null {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return null;
  const boxSize = Buffer.from(head.subarray(0, 4)).readUInt32BE(0);
  const end = Math.min(head.length, Math.max(16, boxSize));
  const brands = [ascii(head, 8, 12)];
  // Compatible brands follow the major brand and its 4-byte minor version.
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(ascii(head, offset, offset + 4));
  return brands;
}

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'msnv',
  'f4v ',
]);

export function sniff(head: Uint8Array): Sniffed {
  if (startsWith(head, [0xff, 0xd8, 0xff])) {
    return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', contentType: 'image/png', extension: 'png' };
  }
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') {
    return { kind: 'image', contentType: 'image/gif', extension: 'gif' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  }
  const brands = isoBrands(head);
  if (brands) {
    if (brands.includes('avif') || brands.includes('avis')) {
      return { kind: 'image', contentType: 'image/avif', extension: 'avif' };
    }
    // HEIC photos, QuickTime movies and other ISO files are not something every kiosk can show.
    if (MP4_BRANDS.has(brands[0]!)) {
      return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
    }
    return { kind: 'unknown' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM, or Matroska (which browsers do not promise to play).
    return ascii(head, 0, Math.min(head.length, 256)).includes('webm')
      ? { kind: 'video', contentType: 'video/webm', extension: 'webm' }
      : { kind: 'unknown' };
  }
  // PDF readers accept the header anywhere in the first kilobyte.
  if (ascii(head, 0, Math.min(head.length, 1024)).includes('%PDF-')) {
    return { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' };
  }
  const text = Buffer.from(head)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml|<svg|<!doctype svg|<!--)/i.test(text) && /<svg[\s>]/i.test(text)) {
    return { kind: 'svg' };
  }
  return { kind: 'unknown' };
}
