/**
 * Which files may become a stamp (docs/product.md#validation): apng, avif, bmp, gif, jpeg, png, svg+xml, webp and
 * x-icon — judged by the bytes, never by the name or the type the browser guessed from it. A text
 * file renamed .png is refused; a real PNG named .jpg is accepted as the PNG it is.
 */
export type StampMime =
  | 'image/apng'
  | 'image/avif'
  | 'image/bmp'
  | 'image/gif'
  | 'image/jpeg'
  | 'image/png'
  | 'image/svg+xml'
  | 'image/webp'
  | 'image/x-icon';

/** Why an image was refused; the reader says it in its language (i18n `pdfReader.stamp…`). */
export type StampRefusal = 'refused' | 'unreadable';
/** Bigger SVG text is not parsed (it would freeze the kiosk) and is refused. */
export const MAX_SVG_BYTES = 5 * 1024 * 1024;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const u32be = (bytes: Uint8Array, at: number) =>
  (((bytes[at] ?? 0) << 24) |
    ((bytes[at + 1] ?? 0) << 16) |
    ((bytes[at + 2] ?? 0) << 8) |
    (bytes[at + 3] ?? 0)) >>>
  0;
const u32le = (bytes: Uint8Array, at: number) =>
  ((bytes[at] ?? 0) |
    ((bytes[at + 1] ?? 0) << 8) |
    ((bytes[at + 2] ?? 0) << 16) |
    ((bytes[at + 3] ?? 0) << 24)) >>>
  0;
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Sizes of the BMP info headers that exist (core, v1–v5, OS/2 2.x). */
const BMP_INFO_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/** PNG is APNG when an animation-control chunk (acTL) comes before the image data. */
function pngKind(bytes: Uint8Array): StampMime {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (type === 'acTL') return 'image/apng';
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return 'image/png';
}

function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = Math.min(u32be(bytes, 0), bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** The image type of the first bytes of a file, or null for anything but the raster formats. */
export function sniffRasterType(bytes: Uint8Array): StampMime | null {
  if (PNG_SIGNATURE.every((value, i) => bytes[i] === value)) return pngKind(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 18 && BMP_INFO_SIZES.has(u32le(bytes, 14)))
    return 'image/bmp';
  // ICO: reserved 0, type 1 (icon), at least one image whose data lies after the directory.
  if (u16le(bytes, 0) === 0 && u16le(bytes, 2) === 1 && u16le(bytes, 4) > 0 && bytes.length >= 22) {
    const count = u16le(bytes, 4);
    if (u32le(bytes, 18) >= 6 + 16 * count) return 'image/x-icon';
  }
  return null;
}

/** True when the text is an SVG document: well-formed XML whose root is an SVG <svg>. */
export function isSvgText(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) return false;
  const doc = new DOMParser().parseFromString(start, 'image/svg+xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return false;
  const root = doc.documentElement;
  return root.localName === 'svg' && root.namespaceURI === 'http://www.w3.org/2000/svg';
}

export type StampCheck =
  { ok: true; mime: StampMime; file: File } | { ok: false; reason: StampRefusal };

/** Blob.arrayBuffer() where the engine has it (every kiosk browser), FileReader otherwise. */
async function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('cannot read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

async function readText(blob: Blob): Promise<string> {
  return new TextDecoder('utf-8', { fatal: false }).decode(await readBytes(blob));
}

/**
 * Checks a file offered as a stamp. On success `file` carries the real type, because pdf.js picks
 * its SVG or bitmap path from `file.type`, which the browser only guessed from the extension.
 */
export async function checkStampImage(file: File): Promise<StampCheck> {
  let head: Uint8Array;
  try {
    head = await readBytes(file.slice(0, 4096));
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  let mime: StampMime | null = sniffRasterType(head);
  if (!mime && file.size <= MAX_SVG_BYTES) {
    try {
      if (isSvgText(await readText(file))) mime = 'image/svg+xml';
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
  }
  if (!mime) return { ok: false, reason: 'refused' };
  const typed = file.type === mime ? file : new File([file], file.name, { type: mime });
  return { ok: true, mime, file: typed };
}
