/**
 * Reading a content pack safely (issue 44, docs/content-packs.md): the importer's only way into an
 * archive, which may come from anyone. Nothing in it is trusted: not its names, not the sizes its
 * zip headers declare, not its manifest, not its records.
 *
 * Every check adds a French reason to a list rather than throwing on the first one, so that an
 * operator learns at once everything wrong with a pack; a pack with any reason is refused with
 * all of them (PackError) and leaves nothing behind. Checked:
 * - the archive: a zip, at most `maxEntries` entries (counted from its end record, before any is
 *   read), each a regular file (no link, no folder, not encrypted, stored or deflated) at a safe
 *   path, named once, not sharing its data with another entry (overlapping-entry bombs);
 * - bombs: the real bytes are counted as they are inflated (a zip's declared sizes can lie) and a
 *   stream stops as soon as it passes the size its headers declare, its ratio, or the total bound;
 * - the manifest: JSON, the format, a version this server reads, the contract's schema; every
 *   entry listed in it and every listed file present, with the same size and sha256;
 * - content.json: bounded, JSON, at most `maxRecords` records, each passing its kind's schema,
 *   ids unique per kind, every reference between records resolved, every media value naming a
 *   file the pack carries;
 * - each media file as an upload is checked (media-sniffer.ts): its type read from its bytes, an
 *   accepted image, video or PDF (never SVG), within its kind's size limit, an image within the
 *   pixel limit; and its name's extension that of its type, since the media routes choose the
 *   Content-Type from the extension (a PNG named `.html` would be served as a page).
 *
 * yauzl runs with `decodeStrings: false` and `validateEntrySizes: false`: its own name and size
 * checks stop the whole listing at the first bad entry with an English error, where this module
 * wants one reason per entry; it does the same checks itself (and more). Files are extracted under
 * opaque names (`0001.media`) in a folder of its own inside `tempDir`, never at a path taken from
 * the archive.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  MEDIA_ACCEPTED_TYPES,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_IMAGE_PIXELS,
  PACK_CONTENT_FILE,
  PACK_FORMAT,
  PACK_FORMAT_VERSION,
  PACK_KINDS,
  PACK_MANIFEST_FILE,
  PACK_MEDIA_FOLDER,
  PackAlertTemplate,
  PackElement,
  PackManifest,
  PackModel,
  PackSetting,
  PackSubelement,
  PackSubgroup,
  PackZone,
  type MediaKind,
  type PackContent,
  type PackFile,
  type PackKind,
} from '@plant-kiosk/contract';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import sharp from 'sharp';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { sniff, SNIFF_BYTES } from '../media/index.js';
import { PackError } from './pack-error.js';
import { mediaPathOf } from './pack-export.js';

export interface PackLimits {
  /** Entries in the archive. */ maxEntries: number;
  /** Sum of uncompressed sizes. */ maxTotalBytes: number;
  /** Uncompressed/compressed of any deflated entry. */ maxRatio: number;
  /** Records of all kinds in content.json. */ maxRecords: number;
  /** content.json's size. */ maxContentBytes: number;
}

const MiB = 1024 * 1024;
/** The manifest's own bound: 200,000 listed files of up to 500 characters each fit well within. */
const MANIFEST_MAX_BYTES = 256 * MiB;
export const DEFAULT_PACK_LIMITS: Readonly<PackLimits> = {
  maxEntries: 200_000,
  maxTotalBytes: 20 * 1024 * MiB,
  maxRatio: 200,
  maxRecords: 2_000_000,
  maxContentBytes: 512 * MiB,
};

export interface ReadMedia {
  /** Path below DATA_DIR/media, as content values name it (`uploads/3/a.webp`, `pdf/uploads/3/b.pdf`). */
  path: string;
  /** The extracted, checked file in the temporary folder. */
  file: string;
  bytes: number;
  sha256: string;
  /** What the sniffer says it is (image/video/pdf and its mime). */
  kind: 'image' | 'video' | 'pdf';
  mime: string;
}

export interface ReadPack {
  manifest: PackManifest;
  content: PackContent;
  media: ReadMedia[];
  /** Removes the temporary folder (call it whatever happens). */
  dispose(): Promise<void>;
}

export interface ReadPackOptions {
  tempDir: string;
  limits?: Partial<PackLimits>;
  mediaMaxBytes?: Record<MediaKind, number>;
}

// TypeBox knows no format by itself; the manifest's referenceTime is an ISO-8601 date-time.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  );
}

const manifestCheck = TypeCompiler.Compile(PackManifest);
const RECORD_SCHEMAS: Record<PackKind | 'models', TSchema> = {
  zone: PackZone,
  element: PackElement,
  subgroup: PackSubgroup,
  subelement: PackSubelement,
  alert_template: PackAlertTemplate,
  setting: PackSetting,
  models: PackModel,
};
const recordChecks = Object.fromEntries(
  Object.entries(RECORD_SCHEMAS).map(([kind, schema]) => [kind, TypeCompiler.Compile(schema)]),
) as Record<PackKind | 'models', TypeCheck<TSchema>>;

/** The id column of each kind: unique within the pack, what references point at. */
const ID_OF: Record<PackKind | 'models', string> = {
  zone: 'zoneid',
  element: 'elementid',
  subgroup: 'subgroupid',
  subelement: 'subelementid',
  alert_template: 'templateid',
  setting: 'settingid',
  models: 'modelid',
};

const KIND_LABELS: Record<PackKind | 'models', string> = {
  zone: 'zone',
  element: 'élément',
  subgroup: 'sous-groupe',
  subelement: 'sous-élément',
  alert_template: 'modèle d’alerte',
  setting: 'réglages',
  models: 'modèle de contenu',
};

/** The extensions a file of each sniffed type may have (the media routes type files by them). */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'image/avif': ['.avif'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'application/pdf': ['.pdf'],
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFREG = 0o100000;
/** MS-DOS attribute of a folder, in the low byte of the external attributes. */
const DOS_DIRECTORY = 0x10;
/** General purpose flag: the name is UTF-8 (else CP437, which only ASCII names survive here). */
const UTF8_NAME = 0x800;
const STORED = 0;
const DEFLATED = 8;

/** Past this many reasons of one sort, the rest are counted rather than listed. */
const LISTED_PER_SORT = 20;

/** The reasons found so far, grouped by sort so that a flood of one sort stays readable. */
class Reasons {
  private readonly listed: string[] = [];
  private readonly counts = new Map<string, number>();

  add(sort: string, reason: string): void {
    const count = (this.counts.get(sort) ?? 0) + 1;
    this.counts.set(sort, count);
    if (count <= LISTED_PER_SORT) this.listed.push(reason);
  }

  get found(): boolean {
    return this.counts.size > 0;
  }

  all(): string[] {
    const more = [...this.counts]
      .filter(([, count]) => count > LISTED_PER_SORT)
      .map(([sort, count]) => `… et ${count - LISTED_PER_SORT} autre(s) problème(s) : ${sort}.`);
    return [...this.listed, ...more];
  }
}

/** A name as shown in a reason: control characters escaped, long names cut. */
function shown(name: string): string {
  const escaped = JSON.stringify(name).slice(1, -1);
  return escaped.length > 160 ? `${escaped.slice(0, 160)}…` : escaped;
}

/** The entry's name from its raw bytes, or null when they are not valid UTF-8 (or ASCII). */
function entryName(entry: Entry): string | null {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  if (entry.generalPurposeBitFlag & UTF8_NAME) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      return null;
    }
  }
  return raw.every((byte) => byte < 0x80) ? raw.toString('latin1') : null;
}

/** Why a path may not be used inside the media folder (or as an entry name), or null. */
export function unsafePathProblem(name: string): string | null {
  if (/^[a-zA-Z]:/.test(name) || name.startsWith('/')) return 'c’est un chemin absolu';
  if (name.includes('\\')) return 'il contient une barre oblique inverse (« \\ »)';
  const segments = name.split('/');
  if (segments.includes('..')) return 'il remonte hors du dossier (« .. »)';
  if (segments.includes('')) return 'il contient un segment vide (« // » ou « / » final)';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'il contient des caractères de contrôle';
  // `.`, and the media folder's own dot folders (`.tmp`), which the media routes never serve.
  if (segments.some((segment) => segment.startsWith('.'))) {
    return 'un de ses segments commence par un point';
  }
  if (name.length > 500) return 'il dépasse 500 caractères';
  return null;
}

async function openArchive(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    openZip(
      file,
      {
        lazyEntries: true,
        autoClose: false,
        // Names and sizes are checked here, each giving its own reason (see the header).
        decodeStrings: false,
        validateEntrySizes: false,
        strictFileNames: true,
      },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );
}

async function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** The real bytes of all entries read so far, against the total bound. */
interface Budget {
  total: number;
  exceeded: boolean;
}

interface Streamed {
  bytes: number;
  sha256: string;
  /** Why the stream was stopped, or null when it was read whole. */
  refusal: string | null;
}

/**
 * Streams one entry, counting its real bytes, hashing them, and stopping as soon as it passes the
 * size its headers declared, its compression ratio or the total bound; `take` sees each chunk
 * (and may refuse it) before it is hashed and written to `out`.
 */
async function streamEntry(
  zip: ZipFile,
  entry: Entry,
  name: string,
  limits: PackLimits,
  budget: Budget,
  take: (chunk: Buffer, bytes: number) => string | null,
  out?: WriteStream,
): Promise<Streamed> {
  const stream = await new Promise<Readable | null>((resolve) =>
    zip.openReadStream(entry, (error, opened) => resolve(error || !opened ? null : opened)),
  );
  const hash = createHash('sha256');
  if (!stream) {
    return { bytes: 0, sha256: '', refusal: `« ${shown(name)} » : données illisibles.` };
  }
  const ratioBound = limits.maxRatio * Math.max(1, entry.compressedSize);
  return new Promise((resolve) => {
    let bytes = 0;
    let settled = false;
    const finish = (refusal: string | null) => {
      if (settled) return;
      settled = true;
      stream.removeAllListeners('data');
      stream.removeAllListeners('end');
      if (refusal) stream.destroy();
      resolve({ bytes, sha256: hash.digest('hex'), refusal });
    };
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.length;
      budget.total += chunk.length;
      if (budget.total > limits.maxTotalBytes) {
        budget.exceeded = true;
        return finish(
          `Archive refusée : plus de ${limits.maxTotalBytes} octets une fois décompressée (bombe zip ?).`,
        );
      }
      if (bytes > entry.uncompressedSize) {
        return finish(
          `« ${shown(name)} » : plus d’octets que les ${entry.uncompressedSize} annoncés par l’archive (en-têtes falsifiés).`,
        );
      }
      if (entry.compressionMethod === DEFLATED && bytes > ratioBound) {
        return finish(
          `« ${shown(name)} » : taux de compression supérieur à ${limits.maxRatio} (bombe zip ?).`,
        );
      }
      const refusal = take(chunk, bytes);
      if (refusal) return finish(refusal);
      hash.update(chunk);
      if (out && !out.write(chunk)) {
        stream.pause();
        out.once('drain', () => stream.resume());
      }
    });
    // A write that fails (disk full) never drains: stop rather than wait; the caller rethrows it.
    out?.once('error', () => finish(`« ${shown(name)} » : écriture impossible.`));
    // Also after `finish`: a destroyed stream may still report an error, which must not go unheard.
    stream.on('error', () => finish(`« ${shown(name)} » : données illisibles ou endommagées.`));
    stream.on('end', () =>
      finish(
        bytes < entry.uncompressedSize
          ? `« ${shown(name)} » : ${bytes} octets au lieu des ${entry.uncompressedSize} annoncés par l’archive.`
          : null,
      ),
    );
  });
}

/** An entry read whole into memory (the manifest, content.json), within `bound` bytes. */
async function readSmallEntry(
  zip: ZipFile,
  entry: Entry,
  name: string,
  bound: number,
  limits: PackLimits,
  budget: Budget,
): Promise<Streamed & { data: Buffer }> {
  const chunks: Buffer[] = [];
  const read = await streamEntry(zip, entry, name, limits, budget, (chunk, bytes) => {
    if (bytes > bound) return `${name} dépasse la limite de ${bound} octets.`;
    chunks.push(chunk);
    return null;
  });
  return { ...read, data: Buffer.concat(chunks) };
}

/** Schema errors as a short French text: the first few fields at fault. */
function schemaProblems(check: TypeCheck<TSchema>, value: unknown, skip: string[] = []): string {
  const problems: string[] = [];
  for (const error of check.Errors(value)) {
    if (skip.some((path) => error.path === path || error.path.startsWith(`${path}/`))) continue;
    const field = error.path === '' ? 'l’enregistrement' : `« ${error.path.slice(1)} »`;
    const problem = `${field} : ${error.message}`;
    if (!problems.includes(problem)) problems.push(problem);
    if (problems.length === 3) break;
  }
  return problems.join(' ; ');
}

function checkManifest(data: Buffer, reasons: Reasons): PackManifest | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(data.toString('utf8'));
  } catch {
    reasons.add('manifeste', `${PACK_MANIFEST_FILE} n’est pas du JSON valide.`);
    return null;
  }
  const { format, formatVersion } = (manifest ?? {}) as {
    format?: unknown;
    formatVersion?: unknown;
  };
  const skip: string[] = [];
  if (format !== PACK_FORMAT) {
    reasons.add(
      'manifeste',
      `Ce fichier n’est pas un paquet de contenu plant-kiosk : format « ${shown(String(format))} » au lieu de « ${PACK_FORMAT} ».`,
    );
    skip.push('/format');
  }
  if (typeof formatVersion === 'number' && formatVersion > PACK_FORMAT_VERSION) {
    reasons.add(
      'manifeste',
      `Version de format ${formatVersion} inconnue : ce serveur lit les paquets jusqu’à la version ${PACK_FORMAT_VERSION}. Mettez-le à jour pour importer ce paquet.`,
    );
    skip.push('/formatVersion');
  }
  if (!manifestCheck.Check(manifest)) {
    const problems = schemaProblems(manifestCheck, manifest, skip);
    if (problems) reasons.add('manifeste', `${PACK_MANIFEST_FILE} non conforme : ${problems}.`);
    return null;
  }
  return skip.length === 0 ? manifest : null;
}

/** A value naming a pack file, with the record that holds it. */
interface MediaReference {
  path: string;
  value: string;
  where: string;
}

/** Checks content.json's records; the content when every one passed, else null. */
function checkContent(
  data: Buffer,
  limits: PackLimits,
  reasons: Reasons,
): { content: PackContent; references: MediaReference[] } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    reasons.add('contenu', `${PACK_CONTENT_FILE} n’est pas du JSON valide.`);
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    reasons.add('contenu', `${PACK_CONTENT_FILE} n’est pas un objet.`);
    return null;
  }
  const raw = parsed as Record<string, unknown>;
  const kinds = [...PACK_KINDS, 'models'] as const;
  let records = 0;
  let shaped = true;
  for (const kind of kinds) {
    const rows = raw[kind];
    if (!Array.isArray(rows)) {
      reasons.add('contenu', `${PACK_CONTENT_FILE} : la liste « ${kind} » manque.`);
      shaped = false;
    } else {
      records += rows.length;
    }
  }
  if (!shaped) return null;
  if (records > limits.maxRecords) {
    reasons.add(
      'contenu',
      `${PACK_CONTENT_FILE} : ${records} enregistrements, au-delà de la limite de ${limits.maxRecords}.`,
    );
    return null;
  }

  let valid = true;
  const ids = {} as Record<(typeof kinds)[number], Map<number, Record<string, unknown>>>;
  for (const kind of kinds) {
    ids[kind] = new Map();
    (raw[kind] as unknown[]).forEach((row, index) => {
      if (!recordChecks[kind].Check(row)) {
        valid = false;
        reasons.add(
          'enregistrements non conformes',
          `${PACK_CONTENT_FILE} : ${KIND_LABELS[kind]} n° ${index} (« ${kind} ») non conforme : ${schemaProblems(recordChecks[kind], row)}.`,
        );
        return;
      }
      const record = row as Record<string, unknown>;
      const id = record[ID_OF[kind]] as number;
      if (ids[kind].has(id)) {
        valid = false;
        reasons.add(
          'identifiants en double',
          `${PACK_CONTENT_FILE} : ${KIND_LABELS[kind]} n° ${index} reprend l’identifiant ${ID_OF[kind]} ${id}.`,
        );
      }
      ids[kind].set(id, record);
    });
  }
  if (!valid) return null;

  const dangling = (what: string, target: string) =>
    reasons.add(
      'références',
      `${PACK_CONTENT_FILE} : ${what} renvoie à ${target}, absent du paquet.`,
    );
  for (const element of ids.element.values()) {
    if (!ids.zone.has(element.zoneid as number)) {
      dangling(`l’élément ${String(element.elementid)}`, `la zone ${String(element.zoneid)}`);
    }
  }
  for (const subgroup of ids.subgroup.values()) {
    const which = `le sous-groupe ${String(subgroup.subgroupid)}`;
    if (!ids.element.has(subgroup.elementid as number)) {
      dangling(which, `l’élément ${String(subgroup.elementid)}`);
    }
    if (!ids.models.has(subgroup.modelid as number)) {
      dangling(which, `le modèle de contenu ${String(subgroup.modelid)} (absent de « models »)`);
    }
  }
  for (const item of ids.subelement.values()) {
    const which = `le sous-élément ${String(item.subelementid)}`;
    if (!ids.element.has(item.elementid as number)) {
      dangling(which, `l’élément ${String(item.elementid)}`);
    }
    if (item.subgroupid !== null) {
      const subgroup = ids.subgroup.get(item.subgroupid as number);
      if (!subgroup) dangling(which, `le sous-groupe ${String(item.subgroupid)}`);
      else if (subgroup.elementid !== item.elementid) {
        reasons.add(
          'références',
          `${PACK_CONTENT_FILE} : ${which} (élément ${String(item.elementid)}) est rangé dans le sous-groupe ${String(item.subgroupid)} d’un autre élément (${String(subgroup.elementid)}).`,
        );
      }
    }
  }

  const references: MediaReference[] = [];
  const reference = (value: unknown, where: string) => {
    const path = mediaPathOf(value);
    if (path !== null) references.push({ path, value: value as string, where });
  };
  for (const row of ids.element.values())
    reference(row.value, `l’élément ${String(row.elementid)}`);
  for (const row of ids.subelement.values()) {
    reference(row.value, `le sous-élément ${String(row.subelementid)}`);
  }
  for (const row of ids.alert_template.values()) {
    reference(row.image, `le modèle d’alerte ${String(row.templateid)}`);
  }
  return { content: raw as unknown as PackContent, references };
}

/** An image's pixel count from its header (no decoding), against the upload's limit. */
async function imageProblem(file: string): Promise<string | null> {
  try {
    const metadata = await sharp(file, { limitInputPixels: false, failOn: 'error' }).metadata();
    const width = metadata.width ?? 0;
    const height = metadata.pageHeight ?? metadata.height ?? 0;
    if (width * height * (metadata.pages ?? 1) > MEDIA_MAX_IMAGE_PIXELS) {
      return `image trop grande (${width} × ${height} pixels, la limite est de ${MEDIA_MAX_IMAGE_PIXELS / 1_000_000} millions)`;
    }
    return null;
  } catch {
    return 'image illisible ou endommagée';
  }
}

/**
 * Reads and checks the pack at `file`, extracting its media into a folder of their own inside
 * `tempDir`. Throws PackError listing every reason found, leaving nothing in `tempDir`.
 */
export async function readPack(file: string, options: ReadPackOptions): Promise<ReadPack> {
  const limits: PackLimits = { ...DEFAULT_PACK_LIMITS, ...options.limits };
  const mediaMaxBytes = options.mediaMaxBytes ?? MEDIA_MAX_BYTES;
  await mkdir(options.tempDir, { recursive: true });
  const workDir = await mkdtemp(join(options.tempDir, 'pack-'));
  const dispose = () => rm(workDir, { recursive: true, force: true });
  const reasons = new Reasons();
  let zip: ZipFile | undefined;
  try {
    try {
      zip = await openArchive(file);
    } catch {
      reasons.add('archive', 'Le fichier n’est pas une archive zip lisible.');
      throw new PackError(refusalMessage(reasons), reasons.all());
    }
    const result = await checkArchive(zip, workDir, limits, mediaMaxBytes, reasons);
    if (reasons.found || !result) throw new PackError(refusalMessage(reasons), reasons.all());
    return { ...result, dispose };
  } catch (error) {
    await dispose();
    throw error;
  } finally {
    zip?.close();
  }
}

function refusalMessage(reasons: Reasons): string {
  const count = reasons.all().length;
  return `Paquet de contenu refusé (${count} problème${count > 1 ? 's' : ''}) : ${reasons.all()[0] ?? ''}`;
}

async function checkArchive(
  zip: ZipFile,
  workDir: string,
  limits: PackLimits,
  mediaMaxBytes: Record<MediaKind, number>,
  reasons: Reasons,
): Promise<Omit<ReadPack, 'dispose'> | null> {
  // The end record's count bounds the listing itself: no more entries than that are read.
  if (zip.entryCount > limits.maxEntries) {
    reasons.add(
      'bombe',
      `L’archive compte ${zip.entryCount} entrées, au-delà de la limite de ${limits.maxEntries}.`,
    );
    return null;
  }
  let entries: Entry[];
  try {
    entries = await listEntries(zip);
  } catch {
    reasons.add('archive', 'L’archive est endommagée : son répertoire central est illisible.');
    return null;
  }

  // Names, kinds of entry, declared sizes.
  const byName = new Map<string, Entry>();
  const offsets = new Set<number>();
  let declaredTotal = 0;
  for (const entry of entries) {
    const name = entryName(entry);
    if (name === null) {
      reasons.add('chemins', 'Une entrée de l’archive a un nom qui n’est pas de l’UTF-8 valide.');
      continue;
    }
    const problem = unsafePathProblem(name);
    if (problem) reasons.add('chemins', `Chemin refusé « ${shown(name)} » : ${problem}.`);
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (type === S_IFLNK) {
      reasons.add('chemins', `« ${shown(name)} » est un lien symbolique : refusé.`);
    } else if ((type !== 0 && type !== S_IFREG) || entry.externalFileAttributes & DOS_DIRECTORY) {
      reasons.add('chemins', `« ${shown(name)} » n’est pas un fichier ordinaire : refusé.`);
    }
    if (entry.isEncrypted()) reasons.add('archive', `« ${shown(name)} » est chiffré : refusé.`);
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
      reasons.add(
        'archive',
        `« ${shown(name)} » : méthode de compression ${entry.compressionMethod} non prise en charge.`,
      );
    }
    if (byName.has(name)) {
      reasons.add('chemins', `« ${shown(name)} » figure plusieurs fois dans l’archive.`);
    }
    // Entries sharing their data are the "overlapping files" bomb (one deflated stream, counted
    // again by each entry pointing at it).
    if (offsets.has(entry.relativeOffsetOfLocalHeader)) {
      reasons.add(
        'bombe',
        `« ${shown(name)} » partage ses données avec une autre entrée (bombe zip ?).`,
      );
    }
    offsets.add(entry.relativeOffsetOfLocalHeader);
    declaredTotal += entry.uncompressedSize;
    if (
      entry.compressionMethod === DEFLATED &&
      entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
    ) {
      reasons.add(
        'bombe',
        `« ${shown(name)} » : taux de compression supérieur à ${limits.maxRatio} (bombe zip ?).`,
      );
    }
    if (!problem) byName.set(name, entry);
  }
  if (declaredTotal > limits.maxTotalBytes) {
    reasons.add(
      'bombe',
      `L’archive annonce ${declaredTotal} octets une fois décompressée, au-delà de la limite de ${limits.maxTotalBytes} (bombe zip ?).`,
    );
  }
  for (const name of byName.keys()) {
    const known =
      name === PACK_MANIFEST_FILE ||
      name === PACK_CONTENT_FILE ||
      (name.startsWith(PACK_MEDIA_FOLDER) && name.length > PACK_MEDIA_FOLDER.length);
    if (!known) reasons.add('entrées', `Entrée inattendue dans l’archive : « ${shown(name)} ».`);
  }

  const budget: Budget = { total: 0, exceeded: false };
  const bounded = (entry: Entry, name: string, bound: number) => {
    if (entry.uncompressedSize <= bound) return true;
    reasons.add('contenu', `${name} dépasse la limite de ${bound} octets.`);
    return false;
  };

  // The manifest.
  let manifest: PackManifest | null = null;
  const manifestEntry = byName.get(PACK_MANIFEST_FILE);
  if (!manifestEntry) {
    reasons.add(
      'manifeste',
      `L’archive n’a pas de ${PACK_MANIFEST_FILE} : ce n’est pas un paquet de contenu.`,
    );
  } else if (bounded(manifestEntry, PACK_MANIFEST_FILE, MANIFEST_MAX_BYTES)) {
    const read = await readSmallEntry(
      zip,
      manifestEntry,
      PACK_MANIFEST_FILE,
      MANIFEST_MAX_BYTES,
      limits,
      budget,
    );
    if (read.refusal) reasons.add('manifeste', read.refusal);
    else manifest = checkManifest(read.data, reasons);
  }

  // The manifest's list against the archive.
  const listed = new Map<string, PackFile>();
  if (manifest) {
    for (const listedFile of manifest.files) {
      if (listed.has(listedFile.path)) {
        reasons.add(
          'manifeste',
          `Le manifeste liste « ${shown(listedFile.path)} » plusieurs fois.`,
        );
      }
      listed.set(listedFile.path, listedFile);
      if (!byName.has(listedFile.path)) {
        reasons.add(
          'fichiers absents',
          `« ${shown(listedFile.path)} » est listé dans le manifeste mais absent de l’archive.`,
        );
      }
    }
    for (const name of byName.keys()) {
      if (name !== PACK_MANIFEST_FILE && !listed.has(name)) {
        reasons.add('entrées', `« ${shown(name)} » est dans l’archive mais absent du manifeste.`);
      }
    }
  }
  const compare = (name: string, read: Pick<Streamed, 'bytes' | 'sha256'>) => {
    const expected = listed.get(name);
    if (!expected) return;
    if (read.bytes !== expected.bytes) {
      reasons.add(
        'sommes de contrôle',
        `« ${shown(name)} » : ${read.bytes} octets, le manifeste en annonce ${expected.bytes}.`,
      );
    } else if (read.sha256 !== expected.sha256) {
      reasons.add(
        'sommes de contrôle',
        `« ${shown(name)} » : sa somme de contrôle (sha256) diffère de celle du manifeste.`,
      );
    }
  };
  /** Refuses an entry as soon as it outgrows the size the manifest lists for it. */
  const listedBound = (name: string, bytes: number) => {
    const expected = listed.get(name);
    return expected && bytes > expected.bytes
      ? `« ${shown(name)} » : plus d’octets que les ${expected.bytes} annoncés par le manifeste.`
      : null;
  };

  // content.json.
  let checked: ReturnType<typeof checkContent> = null;
  const contentEntry = byName.get(PACK_CONTENT_FILE);
  if (!contentEntry) {
    if (!listed.has(PACK_CONTENT_FILE)) {
      reasons.add('contenu', `L’archive n’a pas de ${PACK_CONTENT_FILE}.`);
    }
  } else if (bounded(contentEntry, PACK_CONTENT_FILE, limits.maxContentBytes) && !budget.exceeded) {
    const read = await readSmallEntry(
      zip,
      contentEntry,
      PACK_CONTENT_FILE,
      limits.maxContentBytes,
      limits,
      budget,
    );
    if (read.refusal) {
      reasons.add(budget.exceeded ? 'bombe' : 'contenu', read.refusal);
    } else {
      compare(PACK_CONTENT_FILE, read);
      checked = checkContent(read.data, limits, reasons);
    }
  }

  // The media files, each checked as an upload is.
  const media: ReadMedia[] = [];
  const mediaNames = [...byName.keys()].filter(
    (name) => name.startsWith(PACK_MEDIA_FOLDER) && name.length > PACK_MEDIA_FOLDER.length,
  );
  for (const [index, name] of mediaNames.entries()) {
    if (budget.exceeded) break;
    const entry = byName.get(name)!;
    const path = name.slice(PACK_MEDIA_FOLDER.length);
    const target = join(workDir, `${String(index).padStart(6, '0')}.media`);
    const read = await extractMedia(
      zip,
      entry,
      name,
      target,
      limits,
      budget,
      mediaMaxBytes,
      (bytes) => listedBound(name, bytes),
    );
    if ('refusal' in read) {
      reasons.add(budget.exceeded ? 'bombe' : 'médias refusés', read.refusal);
      continue;
    }
    compare(name, read);
    const extension = extname(path).toLowerCase();
    if (!(EXTENSIONS[read.mime] ?? []).includes(extension)) {
      reasons.add(
        'médias refusés',
        `« ${shown(name)} » : un fichier ${read.mime} ne peut pas porter l’extension « ${shown(extension)} » (le serveur le servirait comme autre chose).`,
      );
      continue;
    }
    if (read.kind === 'image') {
      const problem = await imageProblem(target);
      if (problem) {
        reasons.add('médias refusés', `« ${shown(name)} » : ${problem}.`);
        continue;
      }
    }
    media.push({ path, file: target, ...read });
  }

  // Every media value names a file the pack carries.
  if (checked) {
    const carried = new Set(mediaNames.map((name) => name.slice(PACK_MEDIA_FOLDER.length)));
    for (const reference of checked.references) {
      if (!carried.has(reference.path)) {
        reasons.add(
          'médias absents',
          `${reference.where} nomme « ${shown(reference.value)} », fichier absent du paquet (${PACK_MEDIA_FOLDER}${shown(reference.path)}).`,
        );
      }
    }
  }
  if (manifest && checked) {
    const actual: Record<string, number> = { media: mediaNames.length };
    for (const kind of [...PACK_KINDS, 'models'] as const) {
      actual[kind] = checked.content[kind].length;
    }
    for (const [key, count] of Object.entries(manifest.counts)) {
      if (key in actual && actual[key] !== count) {
        reasons.add(
          'manifeste',
          `Le manifeste annonce ${count} « ${shown(key)} », le paquet en contient ${actual[key]}.`,
        );
      }
    }
  }
  if (!manifest || !checked) return null;
  return { manifest, content: checked.content, media };
}

type Extracted = Omit<ReadMedia, 'path' | 'file'> | { refusal: string };

/** One media file to `target`, its type sniffed from its first bytes and its size bounded. */
async function extractMedia(
  zip: ZipFile,
  entry: Entry,
  name: string,
  target: string,
  limits: PackLimits,
  budget: Budget,
  mediaMaxBytes: Record<MediaKind, number>,
  listedBound: (bytes: number) => string | null,
): Promise<Extracted> {
  const out = createWriteStream(target, { flags: 'wx' });
  let writeError: unknown;
  out.on('error', (error) => {
    writeError ??= error;
  });
  let head = Buffer.alloc(0);
  let type: { kind: MediaKind; contentType: string } | undefined;
  let typeRefusal: string | null = null;
  const identify = () => {
    const sniffed = sniff(head);
    if (sniffed.kind === 'svg') {
      typeRefusal = `« ${shown(name)} » : image SVG, refusée comme à l’envoi (elle peut contenir des scripts).`;
    } else if (
      sniffed.kind === 'unknown' ||
      !MEDIA_ACCEPTED_TYPES[sniffed.kind].includes(sniffed.contentType)
    ) {
      typeRefusal = `« ${shown(name)} » : type de fichier non pris en charge (seuls les images JPEG, PNG, WebP, GIF et AVIF, les PDF et les vidéos MP4 et WebM sont acceptés, d’après leur contenu).`;
    } else {
      type = sniffed;
    }
  };
  const tooLarge = (kind: MediaKind) =>
    `« ${shown(name)} » : ${kind === 'image' ? 'une image' : kind === 'pdf' ? 'un PDF' : 'une vidéo'} ne peut dépasser ${mediaMaxBytes[kind]} octets.`;
  const read = await streamEntry(
    zip,
    entry,
    name,
    limits,
    budget,
    (chunk, bytes) => {
      if (!type && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) identify();
      }
      if (typeRefusal) return typeRefusal;
      if (type && bytes > mediaMaxBytes[type.kind]) return tooLarge(type.kind);
      return listedBound(bytes);
    },
    out,
  );
  out.end();
  await once(out, 'close').catch(() => undefined);
  if (writeError) throw writeError;
  if (read.refusal) return { refusal: read.refusal };
  if (read.bytes === 0) return { refusal: `« ${shown(name)} » : le fichier est vide.` };
  if (!type && !typeRefusal) identify();
  if (typeRefusal) return { refusal: typeRefusal };
  const sniffed = type as unknown as { kind: MediaKind; contentType: string };
  if (read.bytes > mediaMaxBytes[sniffed.kind]) return { refusal: tooLarge(sniffed.kind) };
  return { bytes: read.bytes, sha256: read.sha256, kind: sniffed.kind, mime: sniffed.contentType };
}
