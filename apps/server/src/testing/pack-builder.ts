/**
 * Content packs built for tests (pack-reader.test.ts, the importer's tests): a small valid pack
 * written with yazl, and the means to make it hostile — a changed manifest or content, entries the
 * manifest does not know, and byte patches for what yazl refuses to write (names that escape,
 * sizes that lie). Everything stays tiny: real but minute images, PDFs and videos.
 */
import { createHash } from 'node:crypto';
import {
  PACK_CONTENT_FILE,
  PACK_FORMAT,
  PACK_FORMAT_VERSION,
  PACK_KINDS,
  PACK_MANIFEST_FILE,
  PACK_MEDIA_FOLDER,
  type PackContent,
  type PackManifest,
} from '@plant-kiosk/contract';
import sharp from 'sharp';
import { ZipFile } from 'yazl';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Tiny real files of each kind the library accepts, and some it refuses. */
export async function sampleFiles() {
  const picture = (r: number) =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: { r, g: 80, b: 40 } } });
  return {
    webp: await picture(200).webp().toBuffer(),
    png: await picture(10).png().toBuffer(),
    pdf: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'),
    // An ISO file whose major brand is `isom`: what the sniffer calls an MP4 video.
    mp4: Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isommp41'),
    ]),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    text: Buffer.from('Ceci n’est pas une image.'),
  };
}

/** A small plant: a zone with a plan, a catalogue with one product, a PDF, a film, an alert. */
export function sampleContent(): PackContent {
  return {
    zone: [
      { zoneid: 10, zonename: 'Plan du site', type: 'images', checklist: 0 },
      { zoneid: 11, zonename: 'Produits', type: 'subgroups', checklist: 0 },
    ],
    element: [
      {
        elementid: 20,
        zoneid: 10,
        order: 0,
        value: 'media/uploads/1/plan-0a1b2c3d.webp',
        type: 'image',
        addingdate: '2026-11-20T08:00:00.000Z',
        lang: 'fr',
      },
      {
        elementid: 21,
        zoneid: 11,
        order: 0,
        value: 'Catalogue',
        type: 'group',
        addingdate: null,
        lang: 'fr',
      },
    ],
    subgroup: [
      {
        subgroupid: 30,
        elementid: 21,
        modelid: 40,
        order: 0,
        addingdate: null,
        expirationdate: null,
      },
    ],
    subelement: [
      {
        subelementid: 50,
        elementid: 21,
        order: 0,
        value: 'Pompe Alpha',
        type: 'text',
        subgroupid: 30,
        fieldlabel: 'titre',
      },
      {
        subelementid: 51,
        elementid: 21,
        order: 1,
        value: 'pdf/uploads/1/guide-3c4d5e6f.pdf',
        type: 'pdf',
        subgroupid: null,
        fieldlabel: null,
      },
      {
        subelementid: 52,
        elementid: 21,
        order: 2,
        value: '/media/uploads/1/film-4d5e6f70.mp4',
        type: 'video',
        subgroupid: null,
        fieldlabel: null,
      },
    ],
    alert_template: [
      {
        templateid: 60,
        name: 'Évacuation',
        kind: 'evacuation',
        title_fr: 'Évacuation immédiate',
        title_en: 'Evacuate now',
        instructions_fr: 'Quittez le bâtiment.',
        instructions_en: 'Leave the building.',
        pictogram: 'evacuation',
        colour: 'rouge',
        image: 'media/uploads/1/evacuation-2b3c4d5e.png',
        end_text_fr: null,
        end_text_en: null,
        max_duration_minutes: 240,
      },
    ],
    setting: [{ settingid: 70, settings: '{"websiteUrl":"https://example.test"}' }],
    models: [{ modelid: 40, label: 'Produit', fields: ['titre', 'image'] }],
  };
}

/** The media of sampleContent(), by path below DATA_DIR/media. */
export async function sampleMedia(): Promise<Record<string, Buffer>> {
  const files = await sampleFiles();
  return {
    'uploads/1/plan-0a1b2c3d.webp': files.webp,
    'pdf/uploads/1/guide-3c4d5e6f.pdf': files.pdf,
    'uploads/1/film-4d5e6f70.mp4': files.mp4,
    'uploads/1/evacuation-2b3c4d5e.png': files.png,
  };
}

export interface PackParts {
  /** content.json's value (default: sampleContent()), or its raw bytes. */
  content?: unknown;
  contentBytes?: Buffer;
  /** Media files by path below DATA_DIR/media (default: sampleMedia()). */
  media?: Record<string, Buffer>;
  /** Deflate the media (yazl's default) rather than store them as the export does. */
  deflateMedia?: boolean;
  /** Changes the manifest the pack would have; its raw bytes; or null for no manifest. */
  manifest?: (manifest: PackManifest) => unknown;
  manifestBytes?: Buffer | null;
  /** Entries the manifest does not list. */
  extra?: Array<{ name: string; data: Buffer; mode?: number; compress?: boolean }>;
}

/** A pack as a zip in memory, built as the export builds one (manifest last). */
export async function buildPack(parts: PackParts = {}): Promise<Buffer> {
  const content = parts.content ?? sampleContent();
  const contentJson = parts.contentBytes ?? Buffer.from(JSON.stringify(content));
  const media = parts.media ?? (await sampleMedia());
  const counts: Record<string, number> = { media: Object.keys(media).length };
  if (typeof content === 'object' && content !== null) {
    for (const kind of [...PACK_KINDS, 'models'] as const) {
      const rows = (content as Record<string, unknown>)[kind];
      if (Array.isArray(rows)) counts[kind] = rows.length;
    }
  }
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    formatVersion: PACK_FORMAT_VERSION,
    product: { name: 'plant-kiosk', version: '0.0.0-test' },
    source: { devname: 'usine-test', revision: 3, zones: null },
    referenceTime: '2026-11-27T08:00:00.000Z',
    counts,
    files: [
      { path: PACK_CONTENT_FILE, bytes: contentJson.length, sha256: sha256(contentJson) },
      ...Object.entries(media).map(([path, data]) => ({
        path: `${PACK_MEDIA_FOLDER}${path}`,
        bytes: data.length,
        sha256: sha256(data),
      })),
    ],
  };
  const zip = new ZipFile();
  zip.addBuffer(contentJson, PACK_CONTENT_FILE);
  for (const [path, data] of Object.entries(media)) {
    zip.addBuffer(data, `${PACK_MEDIA_FOLDER}${path}`, { compress: parts.deflateMedia ?? false });
  }
  for (const entry of parts.extra ?? []) {
    zip.addBuffer(entry.data, entry.name, {
      compress: entry.compress ?? false,
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
    });
  }
  const manifestBytes =
    parts.manifestBytes === undefined
      ? Buffer.from(JSON.stringify(parts.manifest ? parts.manifest(manifest) : manifest, null, 2))
      : parts.manifestBytes;
  if (manifestBytes !== null) zip.addBuffer(manifestBytes, PACK_MANIFEST_FILE);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The sha256 and size a manifest lists for `data`. */
export const listing = (path: string, data: Buffer) => ({
  path,
  bytes: data.length,
  sha256: sha256(data),
});

const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * Renames an entry in place, in its local header and the central directory (yazl refuses to write
 * names that escape: `../x`, `/x`, `C:\x`). The new name must have as many bytes as the old.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  const old = Buffer.from(from);
  const replacement = Buffer.from(to);
  if (old.length !== replacement.length) throw new Error('names of different lengths');
  const patched = Buffer.from(zip);
  let found = 0;
  for (let at = patched.indexOf(old); at !== -1; at = patched.indexOf(old, at + 1)) {
    const central = at >= 46 && patched.readUInt32LE(at - 46) === CENTRAL_HEADER;
    const local = at >= 30 && patched.readUInt32LE(at - 30) === LOCAL_HEADER;
    if (!central && !local) continue;
    replacement.copy(patched, at);
    found += 1;
  }
  if (found < 2) throw new Error(`entry ${from} not found`);
  return patched;
}

/** Changes what the central directory says of an entry: its uncompressed size (a lie). */
export function patchCentralEntry(
  zip: Buffer,
  name: string,
  patch: { uncompressedSize?: number; externalAttributes?: number },
): Buffer {
  const patched = Buffer.from(zip);
  const bytes = Buffer.from(name);
  for (let at = patched.indexOf(bytes); at !== -1; at = patched.indexOf(bytes, at + 1)) {
    if (at < 46 || patched.readUInt32LE(at - 46) !== CENTRAL_HEADER) continue;
    const header = at - 46;
    if (patched.readUInt16LE(header + 28) !== bytes.length) continue;
    if (patch.uncompressedSize !== undefined) {
      patched.writeUInt32LE(patch.uncompressedSize, header + 24);
    }
    if (patch.externalAttributes !== undefined) {
      patched.writeUInt32LE(patch.externalAttributes >>> 0, header + 38);
    }
    return patched;
  }
  throw new Error(`entry ${name} not found in the central directory`);
}
