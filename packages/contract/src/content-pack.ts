/**
 * Content packs (issue 44, docs/content-packs.md): a plant's published content in one archive — a
 * manifest, the content as JSON and the media files it names — to set up a new plant, move content
 * from a test server to production, keep an archive outside the database, or hand a set of zones
 * to another site. The schemas here are the format's one definition: the export writes them, the
 * import checks every record against them before writing anything.
 *
 * The archive is a zip: `manifest.json`, `content.json`, and each media file under `media/` at
 * its path below DATA_DIR/media (`media/uploads/3/plan-1a2b3c4d.webp`,
 * `media/pdf/uploads/3/guide-5e6f7a8b.pdf`). Ids inside are the pack's own (the source's); an
 * import maps them to new ones.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ALERT_DURATION_LIMITS } from './alert-templates.js';
import {
  AlertKind,
  AltText,
  AlertPictogram,
  ContentLanguage,
  ItemType,
  PALETTE,
  ZoneType,
} from './entities.js';

/** What a pack's manifest says it is. */
export const PACK_FORMAT = 'plant-kiosk-content-pack';
/**
 * Raised by a change of the content's fields; an import reads every version up to its own.
 * 2: the settings carry the plant's `timeZone` (issue 45); a version 1 pack's settings take
 * Europe/Paris.
 * 3: images carry their text alternative, `alt` (issue 52, decision 050); an older pack's images
 * have none.
 */
export const PACK_FORMAT_VERSION = 3;
export const PACK_MANIFEST_FILE = 'manifest.json';
export const PACK_CONTENT_FILE = 'content.json';
/** The folder of the media files inside the archive. */
export const PACK_MEDIA_FOLDER = 'media/';

/** The kinds of record a pack holds, in the order an import writes them (parents first). */
export const PACK_KINDS = [
  'zone',
  'element',
  'subgroup',
  'subelement',
  'alert_template',
  'setting',
] as const;
export type PackKind = (typeof PACK_KINDS)[number];

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });
const Count = Type.Integer({ minimum: 0 });

export const PackFile = Type.Object(
  {
    /** Path inside the archive (`content.json`, `media/…`). */
    path: Type.String({ minLength: 1, maxLength: 500 }),
    bytes: Count,
    sha256: Sha256,
  },
  { additionalProperties: false },
);
export type PackFile = Static<typeof PackFile>;

export const PackManifest = Type.Object(
  {
    format: Type.Literal(PACK_FORMAT),
    formatVersion: Type.Integer({ minimum: 1 }),
    /** The product that wrote it (its package version). */
    product: Type.Object({ name: Type.String(), version: Type.String() }),
    source: Type.Object({
      devname: Type.String(),
      /** The published revision the content is. */
      revision: Type.Integer({ minimum: 0 }),
      /** The zones exported (by name), or null for the whole development. */
      zones: Type.Union([Type.Array(Type.String()), Type.Null()]),
    }),
    /**
     * The instant the pack's dates are relative to (its export): an import may shift every date
     * by (now − referenceTime), so a demo's "this week" stays this week.
     */
    referenceTime: Type.String({ format: 'date-time' }),
    counts: Type.Record(Type.String(), Count),
    /** Every file of the archive but the manifest, with its size and checksum. */
    files: Type.Array(PackFile),
  },
  { additionalProperties: false },
);
export type PackManifest = Static<typeof PackManifest>;

const Id = Type.Integer({ minimum: 1 });
const NullableDate = Type.Union([Type.String(), Type.Null()]);

/** One record of each kind: the live content's columns (see the server's change kinds). */
export const PackZone = Type.Object({
  zoneid: Id,
  zonename: Type.String({ minLength: 1, maxLength: 200 }),
  type: ZoneType,
  checklist: Type.Union([Type.Integer(), Type.Boolean()]),
});
export const PackElement = Type.Object({
  elementid: Id,
  zoneid: Id,
  order: Type.Integer({ minimum: 0 }),
  value: Type.String({ maxLength: 100_000 }),
  type: ItemType,
  addingdate: NullableDate,
  lang: ContentLanguage,
  /** Format 3: an image's text alternative ('' when none); absent from older packs. */
  alt: Type.Optional(AltText),
});
export const PackSubgroup = Type.Object({
  subgroupid: Id,
  elementid: Id,
  modelid: Id,
  order: Type.Integer(),
  addingdate: NullableDate,
  expirationdate: NullableDate,
});
export const PackSubelement = Type.Object({
  subelementid: Id,
  elementid: Id,
  order: Type.Integer({ minimum: 0 }),
  value: Type.String({ maxLength: 100_000 }),
  type: ItemType,
  subgroupid: Type.Union([Id, Type.Null()]),
  fieldlabel: Type.Union([Type.String(), Type.Null()]),
  /** Format 3, as the element's. */
  alt: Type.Optional(AltText),
});
const OptionalText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
export const PackAlertTemplate = Type.Object({
  templateid: Id,
  name: Type.String({ minLength: 1, maxLength: 80 }),
  kind: AlertKind,
  title_fr: Type.String({ minLength: 1, maxLength: 200 }),
  title_en: Type.String({ maxLength: 200 }),
  instructions_fr: Type.String({ maxLength: 4000 }),
  instructions_en: Type.String({ maxLength: 4000 }),
  pictogram: AlertPictogram,
  colour: Type.Union(Object.keys(PALETTE).map((name) => Type.Literal(name))),
  image: OptionalText(500),
  end_text_fr: OptionalText(1000),
  end_text_en: OptionalText(1000),
  max_duration_minutes: Type.Integer({
    minimum: ALERT_DURATION_LIMITS.min,
    maximum: ALERT_DURATION_LIMITS.max,
  }),
});
export const PackSetting = Type.Object({ settingid: Id, settings: Type.String() });
export const PackModel = Type.Object({
  modelid: Id,
  label: Type.String({ minLength: 1 }),
  fields: Type.Array(Type.String()),
});
export type PackModel = Static<typeof PackModel>;

export const PackContent = Type.Object({
  zone: Type.Array(PackZone),
  element: Type.Array(PackElement),
  subgroup: Type.Array(PackSubgroup),
  subelement: Type.Array(PackSubelement),
  alert_template: Type.Array(PackAlertTemplate),
  setting: Type.Array(PackSetting),
  /** The content models the sub-groups use. */
  models: Type.Array(PackModel),
});
/** The records as the export writes them: each carries every column of its kind. */
export type PackContent = Record<PackKind, Array<Record<string, unknown>>> & {
  models: PackModel[];
};
