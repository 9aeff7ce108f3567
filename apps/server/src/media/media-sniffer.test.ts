import { describe, expect, it } from 'vitest';
import { sniff } from './media-sniffer.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}\0\0\0\0${compatible.join('')}`, 4, 'latin1');
  return box;
};

describe('sniff', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['GIF', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['AVIF as a compatible brand', ftyp('mif1', 'avif'), 'image/avif'],
    ['MP4', ftyp('isom', 'iso2', 'avc1', 'mp41'), 'video/mp4'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video/webm'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['PDF after some junk', bytes('\n\n%PDF-1.4'), 'application/pdf'],
  ])('recognises %s', (_name, head, contentType) => {
    expect(sniff(head)).toMatchObject({ contentType });
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['SVG with a prolog and BOM', '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg>'],
    ['SVG with a doctype', '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<svg width="1">'],
  ])('tells %s apart (refused)', (_name, text) => {
    expect(sniff(Buffer.from(text, 'utf8'))).toEqual({ kind: 'svg' });
  });

  it.each([
    ['text', bytes('Bonjour')],
    ['HTML', bytes('<!doctype html><html>')],
    ['HEIC photo', ftyp('heic', 'mif1', 'heic')],
    ['QuickTime movie', ftyp('qt  ', 'qt  ')],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3], 'matroska')],
    ['nothing', bytes('')],
  ])('refuses %s', (_name, head) => {
    expect(sniff(head)).toEqual({ kind: 'unknown' });
  });
});
