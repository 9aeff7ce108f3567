/**
 * Alert templates edited in the back-office (red button and acknowledgements; decisions 012 and
 * 022): the draft's templates with their version (optimistic concurrency, like the content), the
 * bodies of the create / update calls, and the checks with French messages that the server and the
 * back-office's form share — one rule, said the same way on both sides.
 *
 * The body takes the pictogram and the colour as plain strings, checked here rather than by a
 * schema union: "Pictogramme inconnu : « x »" with the list of names beats the validator's list of
 * literals. A write reaches no totem until a publish carries it (revision kind `alert_template`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ItemVersion } from './admin.js';
import {
  ALERT_KINDS,
  ALERT_PICTOGRAMS,
  AlertKind,
  AlertTemplate,
  Id,
  PALETTE,
  type AlertPictogram,
  type PaletteColour,
} from './entities.js';
import { canonicalName, mixedScriptMessage, mixedScriptWord } from './look-alike-names.js';
import { adminRelative } from './route-table.js';
import { PLAIN_NAME_PATTERN } from './text.js';

/** Bounds of a template's maximum duration, in minutes: 1 minute to 7 days (2 h by default). */
export const ALERT_DURATION_LIMITS = { min: 1, max: 7 * 24 * 60, default: 120 } as const;

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  evacuation: 'Évacuation',
  confinement: 'Confinement',
  pollution: 'Pollution accidentelle',
  free: 'Message libre',
};

export const ALERT_PICTOGRAM_LABELS: Record<AlertPictogram, string> = {
  evacuation: 'Évacuation',
  confinement: 'Confinement',
  pollution: 'Pollution',
  warning: 'Danger',
  info: 'Information',
};

export const PALETTE_LABELS: Record<PaletteColour, string> = {
  rouge: 'Rouge',
  gris1: 'Gris foncé',
  corail: 'Corail',
  sable: 'Sable',
  vert: 'Vert',
  bleu: 'Bleu',
};

/** A draft template as the back-office sees it. */
export const AdminAlertTemplate = Type.Intersect([
  AlertTemplate,
  Type.Object({
    /** Increases with every write: an update or delete names the version it was made on. */
    version: ItemVersion,
    /** Differs from the published template, or not published yet: the totems do not have it. */
    unpublished: Type.Boolean(),
    /** The template of the alert in force: it cannot be deleted until the alert ends. */
    inUse: Type.Boolean(),
  }),
]);
export type AdminAlertTemplate = Static<typeof AdminAlertTemplate>;

export const AdminAlertTemplateList = Type.Object({
  devid: Id,
  templates: Type.Array(AdminAlertTemplate),
  /** Published templates the draft no longer has (a publish removes them from the totems). */
  removedUnpublished: Type.Array(Type.Object({ templateid: Id, name: Type.String() })),
  /**
   * Templates whose name breaks the naming rules (look-alike-names.ts): saved before the rules
   * existed, shown to the admin with the reasons rather than renamed behind their back.
   */
  nameWarnings: Type.Array(
    Type.Object({ templateid: Id, name: Type.String(), reasons: Type.Array(Type.String()) }),
  ),
});
export type AdminAlertTemplateList = Static<typeof AdminAlertTemplateList>;

const fields = {
  /**
   * Unique in the development, compared as look-alike-names.ts says (case, Unicode form and
   * invisible characters aside): what a trigger names.
   */
  name: Type.String({ maxLength: 80 }),
  kind: AlertKind,
  titleFr: Type.String({ maxLength: 200 }),
  titleEn: Type.String({ maxLength: 200 }),
  instructionsFr: Type.String({ maxLength: 4000 }),
  instructionsEn: Type.String({ maxLength: 4000 }),
  /** A name of ALERT_PICTOGRAMS. */
  pictogram: Type.String({ maxLength: 40 }),
  /** A name of PALETTE. */
  colour: Type.String({ maxLength: 40 }),
  /** A media library image's `value` (MediaItem), or null. */
  image: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
  endTextFr: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  endTextEn: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  maxDurationMinutes: Type.Integer(),
};

export const AlertTemplateInput = Type.Object(fields, { additionalProperties: false });
export type AlertTemplateInput = Static<typeof AlertTemplateInput>;

export const UpdateAlertTemplateRequest = Type.Object(
  { ...fields, expectedVersion: ItemVersion },
  { additionalProperties: false },
);
export type UpdateAlertTemplateRequest = Static<typeof UpdateAlertTemplateRequest>;

export type AlertTemplateField = keyof AlertTemplateInput;

export const ALERT_TEMPLATE_LABELS: Record<AlertTemplateField, string> = {
  name: 'Nom',
  kind: 'Type d’alerte',
  titleFr: 'Titre (français)',
  titleEn: 'Titre (anglais)',
  instructionsFr: 'Consignes (français)',
  instructionsEn: 'Consignes (anglais)',
  pictogram: 'Pictogramme',
  colour: 'Couleur',
  image: 'Image',
  endTextFr: 'Texte de fin d’alerte (français)',
  endTextEn: 'Texte de fin d’alerte (anglais)',
  maxDurationMinutes: 'Durée maximale',
};

const isPictogram = (name: string): name is AlertPictogram =>
  (ALERT_PICTOGRAMS as readonly string[]).includes(name);
const isColour = (name: string): name is PaletteColour => Object.hasOwn(PALETTE, name);
const PLAIN_NAME = new RegExp(PLAIN_NAME_PATTERN);

/**
 * The input as stored: the name in NFC without invisible characters (canonicalName), names and
 * titles trimmed, empty end texts and image as null. The checks below run on it.
 */
export function normalizeAlertTemplateInput(input: AlertTemplateInput): AlertTemplateInput {
  const orNull = (text: string | null) => (text === null || text.trim() === '' ? null : text);
  return {
    ...input,
    name: canonicalName(input.name),
    titleFr: input.titleFr.trim(),
    titleEn: input.titleEn.trim(),
    image: input.image === null || input.image.trim() === '' ? null : input.image.trim(),
    endTextFr: orNull(input.endTextFr),
    endTextEn: orNull(input.endTextEn),
  };
}

/**
 * What is wrong with a (normalized) template, field by field, in French; empty when nothing is.
 * The server answers the first as its 400; the form shows each next to its field. Whether the
 * image is in the media library and the name free are the server's to say.
 */
export function alertTemplateErrors(
  input: AlertTemplateInput,
): Partial<Record<AlertTemplateField, string>> {
  const errors: Partial<Record<AlertTemplateField, string>> = {};
  if (input.name === '') errors.name = 'Le nom du modèle est obligatoire.';
  else if (!PLAIN_NAME.test(input.name))
    errors.name =
      'Le nom du modèle ne doit contenir ni caractère de contrôle du sens d’écriture ni demi-caractère.';
  else {
    const mixed = mixedScriptWord(input.name);
    if (mixed) errors.name = `Le nom du modèle ${mixedScriptMessage(mixed)}`;
  }
  if (!(ALERT_KINDS as readonly string[]).includes(input.kind))
    errors.kind = `Type d’alerte inconnu : « ${input.kind} ».`;
  if (input.titleFr === '') errors.titleFr = 'Le titre en français est obligatoire.';
  if (!isPictogram(input.pictogram))
    errors.pictogram = `Pictogramme inconnu : « ${input.pictogram} ». Pictogrammes disponibles : ${ALERT_PICTOGRAMS.map((name) => `${name} (${ALERT_PICTOGRAM_LABELS[name]})`).join(', ')}.`;
  if (!isColour(input.colour))
    errors.colour = `Couleur inconnue : « ${input.colour} ». Couleurs de la palette : ${(Object.keys(PALETTE) as PaletteColour[]).map((name) => `${name} (${PALETTE_LABELS[name]})`).join(', ')}.`;
  const minutes = input.maxDurationMinutes;
  if (
    !Number.isInteger(minutes) ||
    minutes < ALERT_DURATION_LIMITS.min ||
    minutes > ALERT_DURATION_LIMITS.max
  )
    errors.maxDurationMinutes = `La durée maximale doit être un nombre entier de minutes entre ${ALERT_DURATION_LIMITS.min} et ${ALERT_DURATION_LIMITS.max.toLocaleString('fr-FR')} (7 jours).`;
  return errors;
}

export const adminAlertTemplateRoutePatterns = {
  list: adminRelative('adminAlertTemplates'),
  item: adminRelative('adminUpdateAlertTemplate'),
} as const;
