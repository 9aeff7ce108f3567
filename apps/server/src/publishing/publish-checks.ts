/**
 * The publish checks (rollback and publish checks, decision 014): what must hold of the content
 * before it reaches the totems. A publish and a rollback run them under the development's lock, on
 * the content about to go live (the draft, or a revision's content), before anything is written;
 * any problem refuses the whole publish (409, the problems in `data`), so nothing moves anywhere —
 * no revision, no message.
 *
 * Each problem names its item (zone, element, sub-group, sub-element ids) so that the back-office
 * links to it, and says in French what is wrong. The checks are pure functions of the content
 * and of the library's file values, so they read the same on SQLite and PostgreSQL.
 */
import {
  IMAGE_ZONES,
  type MediaFileProblem,
  MODEL_LABELS,
  type ModelLabel,
  type PublishProblem,
  type PublishRefusal,
  VISITOR_ZONES,
} from '@plant-kiosk/contract';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import { PublishCheckRepository, type DraftContent } from './publish-check-repository.js';
import type { Database } from '../db/schema.js';
import { mediaValue, type MediaIntegrity } from '../media/index.js';
import { ConflictError } from '../lib/admin/errors.js';

/** Rows as the revision log holds them (decision 011): column name → value. */
type Row = Record<string, unknown>;

/** The content to check, by kind (other kinds, e.g. alert templates, are not looked at). */
export interface CheckedContent {
  zone: readonly Row[];
  element: readonly Row[];
  subgroup: readonly Row[];
  subelement: readonly Row[];
}

/**
 * Fields a sub-group of each model cannot go without: what the kiosk needs to show it at all (a
 * product's title, a magazine issue's month, a poster's image, a PDF document's title and file).
 */
export const REQUIRED_FIELDS: Partial<Record<ModelLabel, readonly string[]>> = {
  [MODEL_LABELS.magazine]: ['mois'],
  [MODEL_LABELS.product]: ['titre'],
  [MODEL_LABELS.poster]: ['image'],
  [MODEL_LABELS.pdfDocument]: ['titre', 'pdf'],
};

/**
 * Zones of the emergency page (docs/product.md#screens /accueil/urgence; the kiosk's EMERGENCY_SECTIONS): someone
 * opening it under stress must never find one of them empty.
 */
export const EMERGENCY_ZONES: readonly string[] = [
  IMAGE_ZONES.emergencyNumbers.fr,
  IMAGE_ZONES.firstAiders.fr,
  IMAGE_ZONES.bodilyInjury.fr,
  IMAGE_ZONES.medicalEmergency.fr,
  IMAGE_ZONES.fireAlarm.fr,
  IMAGE_ZONES.accidentalPollution.fr,
  IMAGE_ZONES.gateOpening.fr,
  IMAGE_ZONES.defibrillators.fr,
  IMAGE_ZONES.sitePlan.fr,
];

/** A value that names a file of the media library (with or without the leading `/`). */
export function isMediaValue(value: string): boolean {
  return /^\/?(media|pdf)\//.test(value);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => Number(value);

export interface CheckInput {
  content: CheckedContent;
  /** Every value a file of the library may be stored as (see MediaLibrary's valuesOf). */
  mediaValues: ReadonlySet<string>;
  /**
   * Library values whose file is missing or damaged on disk (media integrity, decision 029): an
   * item the publish writes that shows one is refused, since no totem could get the file.
   */
  fileProblems?: ReadonlyMap<string, MediaFileProblem>;
  /** Content model labels by id. */
  models: ReadonlyMap<number, string>;
  /** Only report problems of this zone (a one-zone publish publishes nothing else). */
  zoneid?: number;
  /**
   * The items the publish writes (`kind:id`, added or changed): item checks look at those only,
   * so content published before the checks existed does not block the next publish; an empty
   * emergency zone is reported whatever made it empty. All items when not given.
   */
  touched?: ReadonlySet<string>;
}

/** How a refusal describes a library file that is wrong on disk. */
const FILE_PROBLEM_TEXT: Record<MediaFileProblem, string> = {
  missing: 'dont le fichier est manquant sur le serveur',
  'wrong-size': 'dont le fichier est endommagé sur le serveur (taille modifiée)',
  changed: 'dont le fichier est endommagé sur le serveur (contenu modifié)',
};
const FILE_PROBLEM_FIX =
  'envoyez-le de nouveau dans la médiathèque (ou choisissez-en un autre) avant de publier.';

export function checkContent({
  content,
  mediaValues,
  fileProblems,
  models,
  zoneid,
  touched,
}: CheckInput): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const zones = new Map(content.zone.map((row) => [num(row.zoneid), row]));
  const elementZone = new Map(content.element.map((row) => [num(row.elementid), num(row.zoneid)]));
  const where = (elementid: number | null, zone?: number) => {
    const id = zone ?? (elementid === null ? undefined : elementZone.get(elementid));
    return {
      zoneid: id ?? null,
      zonename: id === undefined ? null : str(zones.get(id)?.zonename) || null,
    };
  };
  const item = (
    ids: Partial<Pick<PublishProblem, 'elementid' | 'subgroupid' | 'subelementid'>>,
  ) => ({
    elementid: ids.elementid ?? null,
    subgroupid: ids.subgroupid ?? null,
    subelementid: ids.subelementid ?? null,
  });

  // 1. Media values that name no file of the library, or a library file missing or damaged on
  // disk.
  const missingFile = (value: string) => isMediaValue(value) && !mediaValues.has(value);
  const fileProblem = (value: string) =>
    isMediaValue(value) && mediaValues.has(value) ? fileProblems?.get(value) : undefined;
  const mediaProblem = (value: string) => {
    if (missingFile(value)) {
      return { code: 'missing-media' as const, text: 'qui n’est pas dans la médiathèque.' };
    }
    const problem = fileProblem(value);
    return problem
      ? {
          code: 'damaged-media' as const,
          text: `${FILE_PROBLEM_TEXT[problem]} : ${FILE_PROBLEM_FIX}`,
        }
      : undefined;
  };
  const writes = (kind: string, id: unknown) => !touched || touched.has(`${kind}:${num(id)}`);
  for (const row of content.element) {
    const value = str(row.value);
    const found = writes('element', row.elementid) ? mediaProblem(value) : undefined;
    if (!found) continue;
    const place = where(num(row.elementid));
    problems.push({
      code: found.code,
      ...place,
      ...item({ elementid: num(row.elementid) }),
      message: `${label(place.zonename)} : l’élément ${num(row.elementid)} montre « ${value} », ${found.text}`,
    });
  }
  for (const row of content.subelement) {
    const value = str(row.value);
    const found = writes('subelement', row.subelementid) ? mediaProblem(value) : undefined;
    if (!found) continue;
    const elementid = num(row.elementid);
    const place = where(elementid);
    const field = str(row.fieldlabel);
    problems.push({
      code: found.code,
      ...place,
      ...item({
        elementid,
        subgroupid: row.subgroupid == null ? null : num(row.subgroupid),
        subelementid: num(row.subelementid),
      }),
      message: `${label(place.zonename)} : ${field ? `le champ « ${field} »` : `le sous-élément ${num(row.subelementid)}`} montre « ${value} », ${found.text}`,
    });
  }

  // 2. Required fields of a content model; 3. expiration before adding date.
  const fields = new Map<number, Map<string, string>>();
  for (const row of content.subelement) {
    if (row.subgroupid == null) continue;
    const id = num(row.subgroupid);
    if (!fields.has(id)) fields.set(id, new Map());
    const values = fields.get(id)!;
    const value = str(row.value).trim();
    if (value) values.set(str(row.fieldlabel), value);
  }
  // A sub-group whose fields the publish writes is checked too.
  const fieldWrites = new Set(
    content.subelement
      .filter((row) => row.subgroupid != null && writes('subelement', row.subelementid))
      .map((row) => num(row.subgroupid)),
  );
  for (const row of content.subgroup) {
    const subgroupid = num(row.subgroupid);
    if (!writes('subgroup', subgroupid) && !fieldWrites.has(subgroupid)) continue;
    const elementid = num(row.elementid);
    const place = where(elementid);
    const model = models.get(num(row.modelid)) ?? '';
    const required = REQUIRED_FIELDS[model as ModelLabel] ?? [];
    const missing = required.filter((field) => !fields.get(subgroupid)?.has(field));
    if (missing.length > 0) {
      problems.push({
        code: 'missing-field',
        ...place,
        ...item({ elementid, subgroupid }),
        message: `${label(place.zonename)} : ${model} ${subgroupid} sans ${missing.map((field) => `« ${field} »`).join(' ni ')}.`,
      });
    }
    const adding = str(row.addingdate);
    const expiration = str(row.expirationdate);
    if (adding && expiration && Date.parse(expiration) < Date.parse(adding)) {
      problems.push({
        code: 'expires-before-added',
        ...place,
        ...item({ elementid, subgroupid }),
        message: `${label(place.zonename)} : ${model || 'le sous-groupe'} ${subgroupid} expire le ${day(expiration)}, avant sa date d’ajout (${day(adding)}).`,
      });
    }
  }

  // 4. An emergency zone left empty.
  const filled = new Set(content.element.map((row) => num(row.zoneid)));
  for (const zone of content.zone) {
    const id = num(zone.zoneid);
    if (!EMERGENCY_ZONES.includes(str(zone.zonename)) || filled.has(id)) continue;
    problems.push({
      code: 'empty-emergency-zone',
      ...where(null, id),
      ...item({}),
      message: `${label(str(zone.zonename))} est vide : la page d’urgence des totems la montrerait sans rien.`,
    });
  }

  return zoneid === undefined ? problems : problems.filter((problem) => problem.zoneid === zoneid);
}

/**
 * The publish's warnings (English content, decision 021), which never refuse it: each visitor zone
 * (VISITOR_ZONES) that has French content and no English element, in the list's order. A zone
 * without any element has nothing to translate (an empty emergency zone is a problem of its own).
 * An element row without `lang` (logged before migration 009) is French.
 */
export function translationWarnings(
  content: Pick<CheckedContent, 'zone' | 'element'>,
): PublishProblem[] {
  const languages = new Map<number, Set<string>>();
  for (const row of content.element) {
    const id = num(row.zoneid);
    if (!languages.has(id)) languages.set(id, new Set());
    languages.get(id)!.add(str(row.lang) || 'fr');
  }
  const byName = new Map(content.zone.map((row) => [str(row.zonename), num(row.zoneid)]));
  const warnings: PublishProblem[] = [];
  for (const { zonename, page } of VISITOR_ZONES) {
    const zoneid = byName.get(zonename);
    const found = zoneid === undefined ? undefined : languages.get(zoneid);
    if (zoneid === undefined || !found?.has('fr') || found.has('en')) continue;
    warnings.push({
      code: 'missing-translation',
      zoneid,
      zonename,
      elementid: null,
      subgroupid: null,
      subelementid: null,
      message: `${label(zonename)} (page visiteurs « ${page} ») n’a pas de version anglaise : les visiteurs en anglais la verront en français.`,
    });
  }
  return warnings;
}

/**
 * The zones whose images lack a text alternative (decision 050), a warning that never refuses a
 * publish: one per zone, by zone name, counting its images and its sub-elements' images (a
 * magazine's pages, a product's photo) with no `alt`. A row without `alt` (logged before
 * migration 028) has none. The warning names the zone, not each image: the back-office's list
 * leads to the zone, where each image says whether it has one.
 */
export function altTextWarnings(
  content: Pick<CheckedContent, 'zone' | 'element' | 'subelement'>,
): PublishProblem[] {
  const zoneOfElement = new Map(
    content.element.map((row) => [num(row.elementid), num(row.zoneid)]),
  );
  const missing = new Map<number, number>();
  const count = (zoneid: number | undefined) => {
    if (zoneid !== undefined) missing.set(zoneid, (missing.get(zoneid) ?? 0) + 1);
  };
  const lacksAlt = (row: Row) => str(row.type) === 'image' && !str(row.alt).trim();
  for (const row of content.element) if (lacksAlt(row)) count(num(row.zoneid));
  for (const row of content.subelement) {
    if (lacksAlt(row)) count(zoneOfElement.get(num(row.elementid)));
  }
  return content.zone
    .filter((zone) => missing.has(num(zone.zoneid)))
    .sort((a, b) => str(a.zonename).localeCompare(str(b.zonename), 'fr'))
    .map((zone) => {
      const images = missing.get(num(zone.zoneid))!;
      return {
        code: 'missing-alt-text' as const,
        zoneid: num(zone.zoneid),
        zonename: str(zone.zonename),
        elementid: null,
        subgroupid: null,
        subelementid: null,
        message: `${label(str(zone.zonename))} : ${images === 1 ? '1 image sans texte alternatif' : `${images} images sans texte alternatif`} — la lecture à voix haute des totems n’en dira que le nom de la zone.`,
      };
    });
}

/** The draft's publish warnings (see translationWarnings and altTextWarnings). */
export async function draftWarnings(
  repo: Pick<PublishCheckRepository, 'draftContent'>,
  devid: number,
): Promise<PublishProblem[]> {
  const content: DraftContent = await repo.draftContent(devid);
  return [...translationWarnings(content), ...altTextWarnings(content)];
}

function label(zonename: string | null): string {
  return zonename ? `Zone « ${zonename} »` : 'Zone inconnue';
}

function day(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 10);
}

/** The refusal's message: the problems, one per line, in French. */
export function refusalMessage(problems: readonly PublishProblem[]): string {
  const head =
    problems.length === 1
      ? 'Publication refusée : 1 problème à corriger.'
      : `Publication refusée : ${problems.length} problèmes à corriger.`;
  return [head, ...problems.map((problem) => `– ${problem.message}`)].join('\n');
}

export interface PublishCheckOptions {
  content?: CheckedContent;
  zoneid?: number;
  touched?: ReadonlySet<string>;
  /** Files on disk there count as the library's too (content written before the library). */
  mediaDir?: string;
  /** Library files the content names are checked on disk now (media integrity). */
  mediaIntegrity?: Pick<MediaIntegrity, 'check'>;
}

/**
 * Runs the checks on `content` (the draft when not given) inside the caller's transaction, and
 * refuses with a 409 carrying the problems when there is any. Throwing there rolls the
 * transaction back before it wrote anything.
 */
export async function assertPublishable(
  trx: Transaction<Database>,
  devid: number,
  options: PublishCheckOptions = {},
): Promise<void> {
  const problems = await publishProblems(trx, devid, options);
  if (problems.length > 0) {
    const refusal: PublishRefusal = { problems };
    throw new ConflictError(refusal, refusalMessage(problems));
  }
}

/** The problems that would refuse a publish of `content` (the draft when not given); none: []. */
export async function publishProblems(
  trx: Transaction<Database>,
  devid: number,
  options: PublishCheckOptions = {},
): Promise<PublishProblem[]> {
  const repo = new PublishCheckRepository(trx);
  const content = options.content ?? (await repo.draftContent(devid));
  const libraryRows = await repo.mediaFiles(devid);
  const valuesOfPath = (path: string) => [mediaValue(path), `/${mediaValue(path)}`];
  const mediaValues = new Set(
    libraryRows.flatMap((row) =>
      [row.path, ...(row.thumbnail_path ? [row.thumbnail_path] : [])].flatMap(valuesOfPath),
    ),
  );
  const used = new Set(
    [...content.element, ...content.subelement].map((row) => str(row.value)).filter(isMediaValue),
  );
  const fileProblems = new Map<string, MediaFileProblem>();
  if (options.mediaIntegrity) {
    const paths = (row: (typeof libraryRows)[number]) =>
      [row.path, row.thumbnail_path].filter((path): path is string => path !== null);
    const usedRows = libraryRows.filter((row) =>
      paths(row).some((path) => valuesOfPath(path).some((value) => used.has(value))),
    );
    const states = await options.mediaIntegrity.check(usedRows);
    for (const [path, state] of states) {
      if (state !== 'missing' && state !== 'wrong-size' && state !== 'changed') continue;
      for (const value of valuesOfPath(path)) fileProblems.set(value, state);
    }
  }
  // A value not in the library's table may still name a file the media routes serve.
  const { mediaDir } = options;
  if (mediaDir) {
    const values = [...content.element, ...content.subelement].map((row) => str(row.value));
    for (const value of values) {
      if (!isMediaValue(value) || mediaValues.has(value)) continue;
      const path = value.replace(/^\//, '').replace(/^media\//, '');
      if (!path.split('/').includes('..') && existsSync(join(mediaDir, path)))
        mediaValues.add(value);
    }
  }
  return checkContent({
    content,
    mediaValues,
    fileProblems,
    models: await repo.modelLabels(),
    zoneid: options.zoneid,
    touched: options.touched,
  });
}
