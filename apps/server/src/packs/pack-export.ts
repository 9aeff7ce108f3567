/**
 * Export of a content pack (issue 44, docs/content-packs.md): a development's *published* content
 * — the live revision, an earlier one (`revision`), or some zones by name — with every media file
 * it names, in one zip streamed to disk (never held whole: a large plant's media weigh gigabytes).
 *
 * The manifest comes last in the archive, after every file was hashed as it was read: its list of
 * checksums is what an import verifies each file against. A published value naming a file that is
 * not on disk refuses the export (the pack would be incomplete), listing every such file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  PACK_CONTENT_FILE,
  PACK_FORMAT,
  PACK_FORMAT_VERSION,
  PACK_KINDS,
  PACK_MANIFEST_FILE,
  PACK_MEDIA_FOLDER,
  type PackContent,
  type PackFile,
  type PackManifest,
} from '@plant-kiosk/contract';
import { ZipFile } from 'yazl';
import type { Repositories } from '../db/repositories/index.js';
import { PackError } from './pack-error.js';

export interface ExportRequest {
  devname: string;
  /** A published revision (default: the live one). */
  revision?: number;
  /** Zone names: only these zones and what they hold (no settings, no alert templates). */
  zones?: readonly string[];
}

export interface ExportResult {
  manifest: PackManifest;
  /** Bytes of the archive written. */
  bytes: number;
}

/** Zone names from a comma-separated list (`"Menu, Plan du site"`), blanks dropped. */
export const zoneNamesOf = (list: string): string[] =>
  list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** Values naming a file the media routes serve: `media/…` or `pdf/…`, with or without a `/`. */
const MEDIA_VALUE = /^\/?(media|pdf)\/(.+)$/;

/**
 * The file a media value names, relative to DATA_DIR/media (where `pdf/` lives too), or null when
 * the value names no file of ours (a web address, a text) or tries to leave the folder.
 */
export function mediaPathOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = MEDIA_VALUE.exec(value);
  if (!match) return null;
  const [, root, rest] = match as unknown as [string, string, string];
  const path = root === 'pdf' ? `pdf/${rest}` : rest;
  return path.split('/').some((part) => part === '..' || part === '') ? null : path;
}

/** The files a pack's content names (item values, alert template images), each once. */
export function mediaPathsOf(content: PackContent): string[] {
  const values = [
    ...content.element.map((row) => row.value),
    ...content.subelement.map((row) => row.value),
    ...content.alert_template.map((row) => row.image),
  ];
  return [...new Set(values.map(mediaPathOf).filter((path): path is string => path !== null))];
}

/** The published content of a development (a revision of it, some zones of it), as a pack's. */
export async function packContent(
  repos: Repositories,
  devid: number,
  request: Pick<ExportRequest, 'revision' | 'zones'>,
): Promise<PackContent> {
  const live =
    request.revision === undefined
      ? await repos.revisions.liveContent(devid)
      : await repos.revisions.contentAt(devid, request.revision);
  if (!live) {
    const message = `La révision ${request.revision} n’existe pas.`;
    throw new PackError(message, [message], 'missing');
  }
  const rows = (kind: (typeof PACK_KINDS)[number]) => live[kind] as Array<Record<string, unknown>>;
  let content: Record<(typeof PACK_KINDS)[number], Array<Record<string, unknown>>> = {
    zone: rows('zone'),
    element: rows('element'),
    subgroup: rows('subgroup'),
    subelement: rows('subelement'),
    alert_template: rows('alert_template'),
    setting: rows('setting'),
  };
  if (request.zones) content = onlyZones(content, request.zones);
  const modelids = new Set(content.subgroup.map((row) => Number(row.modelid)));
  const models = (await repos.models.list()).filter((model) => modelids.has(model.modelid));
  return { ...content, models };
}

function onlyZones(
  content: Record<(typeof PACK_KINDS)[number], Array<Record<string, unknown>>>,
  names: readonly string[],
) {
  const wanted = new Set(names);
  const zone = content.zone.filter((row) => wanted.has(String(row.zonename)));
  const missing = names.filter((name) => !zone.some((row) => row.zonename === name));
  if (missing.length > 0) {
    const message = `Zone introuvable dans le contenu publié : ${missing.map((name) => `« ${name} »`).join(', ')}.`;
    throw new PackError(message, [message], 'missing');
  }
  const zoneids = new Set(zone.map((row) => row.zoneid));
  const element = content.element.filter((row) => zoneids.has(row.zoneid));
  const elementids = new Set(element.map((row) => row.elementid));
  return {
    zone,
    element,
    subgroup: content.subgroup.filter((row) => elementids.has(row.elementid)),
    subelement: content.subelement.filter((row) => elementids.has(row.elementid)),
    alert_template: [],
    setting: [],
  };
}

async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Writes the pack of `request` to `file` (replaced whole only once complete: a failed export
 * leaves no half archive behind).
 */
export async function exportPack(
  deps: {
    repos: Repositories;
    mediaDir: string;
    /** The product's version, said in the manifest. */
    appVersion: string;
    now?: () => Date;
  },
  request: ExportRequest,
  file: string,
): Promise<ExportResult> {
  const development = await deps.repos.developments.findByName(request.devname);
  if (!development) {
    const message = `Le développement « ${request.devname} » n’existe pas.`;
    throw new PackError(message, [message], 'missing');
  }
  if (development.content_version === 0) {
    throw new PackError(`Le développement « ${request.devname} » n’a encore rien publié.`);
  }
  const revision = request.revision ?? development.content_version;
  const content = await packContent(deps.repos, development.devid, request);

  const media: Array<PackFile & { source: string }> = [];
  const missing: string[] = [];
  for (const path of mediaPathsOf(content).sort()) {
    const source = join(deps.mediaDir, path);
    try {
      if (!(await stat(source)).isFile()) throw new Error('not a file');
    } catch {
      missing.push(path);
      continue;
    }
    media.push({ path: `${PACK_MEDIA_FOLDER}${path}`, source, ...(await hashFile(source)) });
  }
  if (missing.length > 0) {
    throw new PackError(
      `Fichiers absents du disque, le paquet serait incomplet : ${missing.join(', ')}.`,
    );
  }

  const contentJson = Buffer.from(JSON.stringify(content));
  const counts: Record<string, number> = { media: media.length, models: content.models.length };
  for (const kind of PACK_KINDS) counts[kind] = content[kind].length;
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    formatVersion: PACK_FORMAT_VERSION,
    product: { name: 'plant-kiosk', version: deps.appVersion },
    source: {
      devname: development.devname,
      revision,
      zones: request.zones ? [...request.zones] : null,
    },
    referenceTime: (deps.now ?? (() => new Date()))().toISOString(),
    counts,
    files: [
      { path: PACK_CONTENT_FILE, bytes: contentJson.length, sha256: sha256(contentJson) },
      ...media.map(({ path, bytes, sha256: sum }) => ({ path, bytes, sha256: sum })),
    ],
  };

  const zip = new ZipFile();
  zip.addBuffer(contentJson, PACK_CONTENT_FILE);
  // Media are mostly compressed already (WebP, MP4, PDF): stored, not deflated again.
  for (const item of media) zip.addFile(item.source, item.path, { compress: false });
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), PACK_MANIFEST_FILE);
  zip.end();

  const partial = `${file}.partial`;
  try {
    await pipeline(zip.outputStream, createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { manifest, bytes: (await stat(file)).size };
}
