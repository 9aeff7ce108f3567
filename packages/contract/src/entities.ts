/**
 * The content entities of docs/product.md#content-model, as runtime schemas (TypeBox, i.e. JSON Schema) and static types
 * derived from them. The server validates with these schemas; the kiosk and back-office only use
 * the types, so none of this weighs on the kiosk bundle beyond what it imports.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DevelopmentSettings } from './settings.js';

/** Database ids are positive integers; in paths they arrive as strings and are validated as such. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** ISO-8601 date-time string (UTC), e.g. "2026-11-22T10:00:00.000Z". */
export const IsoDate = Type.String({ format: 'date-time', maxLength: 40 });

/**
 * What a zone holds. The spec names the zone `type` without listing values; the kiosk needs to know
 * whether a zone is an image list (most named zones), a list of sub-grouped content (products,
 * magazine issues…) or plain text.
 */
export const ZoneType = Type.Union([
  Type.Literal('images'),
  Type.Literal('subgroups'),
  Type.Literal('text'),
  Type.Literal('videos'),
]);
export type ZoneType = Static<typeof ZoneType>;

/** What one element or sub-element value is. */
export const ItemType = Type.Union([
  Type.Literal('image'),
  Type.Literal('text'),
  Type.Literal('video'),
  Type.Literal('pdf'),
  Type.Literal('link'),
  Type.Literal('date'),
  Type.Literal('group'),
]);
export type ItemType = Static<typeof ItemType>;

/**
 * The language of a piece of content (English content, decision 021). Content is French; a zone's
 * English version is its elements marked `en` (with their own sub-elements and sub-groups), which
 * visitor pages in English show instead of the French ones.
 */
export const CONTENT_LANGUAGES = ['fr', 'en'] as const;
export const ContentLanguage = Type.Union(CONTENT_LANGUAGES.map((lang) => Type.Literal(lang)));
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/**
 * Text alternatives (issue 52, decision 050): most zones are pictures of text — menus, posters,
 * plans — and a picture says nothing to someone who cannot see it. An image element or sub-element
 * carries the words a reader says and a screen reader announces, written by the content team.
 */
export const ALT_TEXT_MAX_LENGTH = 1000;
export const AltText = Type.String({ maxLength: ALT_TEXT_MAX_LENGTH });

export const Zone = Type.Object({
  zoneid: Id,
  zonename: Type.String({ minLength: 1, maxLength: 120 }),
  devid: Id,
  type: ZoneType,
  /**
   * The spec lists `checkList` without describing it. We keep it as a flag meaning "the elements of
   * this zone are ordered steps to follow" (emergency procedures); the kiosk numbers them.
   */
  checkList: Type.Boolean(),
});
export type Zone = Static<typeof Zone>;

export const Element = Type.Object({
  elementid: Id,
  zoneid: Id,
  order: Type.Integer({ minimum: 0 }),
  /** For image lists an image URL (relative to the content service); otherwise text or a name. */
  value: Type.String({ maxLength: 4000 }),
  type: ItemType,
  /** When the element was added (beyond the spec's fields: the kiosk marks recent items as new). */
  addingdate: IsoDate,
  /**
   * English content: `en` for an element of the zone's English version. Absent means French — the
   * server sends it only for English elements, and a snapshot from before it reads as French.
   */
  lang: Type.Optional(ContentLanguage),
  /**
   * An image's text alternative (decision 050). Absent when none was written — the server sends it
   * only when there is one, so older content keeps its ETags — and the kiosk then falls back to the
   * zone's name (« Menu, 1 / 3 »).
   */
  alt: Type.Optional(AltText),
});
export type Element = Static<typeof Element>;

/** The language of an element: absent is French (see `Element.lang`). */
export const elementLanguage = (element: Pick<Element, 'lang'>): ContentLanguage =>
  element.lang ?? 'fr';

export const SubgroupInfo = Type.Object({
  subgroupid: Id,
  fieldlabel: Type.String({ minLength: 1, maxLength: 60 }),
});
export type SubgroupInfo = Static<typeof SubgroupInfo>;

export const Subelement = Type.Object({
  subelementid: Id,
  elementid: Id,
  order: Type.Integer({ minimum: 0 }),
  value: Type.String({ maxLength: 4000 }),
  type: ItemType,
  /** Set when the sub-element is one value of a sub-group's field; null for plain sub-elements. */
  subgroupinfo: Type.Union([SubgroupInfo, Type.Null()]),
  /** An image's text alternative, as `Element.alt`. */
  alt: Type.Optional(AltText),
});
export type Subelement = Static<typeof Subelement>;

export const Subgroup = Type.Object({
  subgroupid: Id,
  elementid: Id,
  modelid: Id,
  /** The content model's label (e.g. "Produit"), denormalised so the kiosk can index by it. */
  label: Type.String({ minLength: 1, maxLength: 60 }),
  /** Unique within its element. */
  order: Type.Integer({ minimum: 0 }),
  addingdate: IsoDate,
  /** Past this date the server no longer serves the sub-group. */
  expirationdate: Type.Union([IsoDate, Type.Null()]),
});
export type Subgroup = Static<typeof Subgroup>;

/** A content model: a label and the labels of its fields (docs/product.md#content-model "Content by model label"). */
export const ContentModel = Type.Object({
  modelid: Id,
  label: Type.String({ minLength: 1, maxLength: 60 }),
  fields: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 40 }),
});
export type ContentModel = Static<typeof ContentModel>;

/** A sub-group with the sub-elements of each of its fields, sorted by order. */
export const PopulatedSubgroup = Type.Intersect([
  Subgroup,
  Type.Object({
    fields: Type.Record(Type.String(), Type.Array(Subelement)),
  }),
]);
export type PopulatedSubgroup = Static<typeof PopulatedSubgroup>;

export const Development = Type.Object({
  devid: Id,
  devname: Type.String({ minLength: 1, maxLength: 60 }),
});
export type Development = Static<typeof Development>;

/** Kinds of emergency alert (emergency alerts, decision 012); `free` is a message written for the
 * occasion. */
export const ALERT_KINDS = ['evacuation', 'confinement', 'pollution', 'free'] as const;
export const AlertKind = Type.Union(ALERT_KINDS.map((kind) => Type.Literal(kind)));
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kiosk's built-in alert pictograms (drawn by the kiosk, so nothing to download). */
export const ALERT_PICTOGRAMS = [
  'evacuation',
  'confinement',
  'pollution',
  'warning',
  'info',
] as const;
export const AlertPictogram = Type.Union(ALERT_PICTOGRAMS.map((name) => Type.Literal(name)));
export type AlertPictogram = (typeof ALERT_PICTOGRAMS)[number];

/** The palette (docs/product.md#constants); `rouge` is the danger colour. */
export const PALETTE = {
  gris1: '#49494A',
  corail: '#F39A88',
  sable: '#FBF0E2',
  rouge: '#e20613',
  vert: '#289548',
  bleu: '#6B91AB',
} as const;
export type PaletteColour = keyof typeof PALETTE;
export const PaletteColourSchema = Type.Union(
  (Object.keys(PALETTE) as PaletteColour[]).map((name) => Type.Literal(name)),
);

/**
 * An alert template of a development (emergency alerts, decision 012): published with the content,
 * so every totem holds it before it is needed and a trigger only names it.
 */
export const AlertTemplate = Type.Object({
  templateid: Id,
  /** Unique in the development: what a trigger names ("Évacuation"). */
  name: Type.String({ minLength: 1, maxLength: 80 }),
  kind: AlertKind,
  titleFr: Type.String({ maxLength: 200 }),
  titleEn: Type.String({ maxLength: 200 }),
  instructionsFr: Type.String({ maxLength: 4000 }),
  instructionsEn: Type.String({ maxLength: 4000 }),
  pictogram: AlertPictogram,
  colour: PaletteColourSchema,
  /** Media path of an optional image (the site plan with the assembly points). */
  image: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
  endTextFr: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  endTextEn: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  /** After this, a totem that never heard the end ends the alert by itself. */
  maxDurationMinutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 }),
});
export type AlertTemplate = Static<typeof AlertTemplate>;

/** The four collections of a development in one response (our fast path beyond the spec). */
export const Snapshot = Type.Object({
  devid: Id,
  /** Increases with every change to the development's content. */
  version: Type.Integer({ minimum: 0 }),
  generatedAt: IsoDate,
  zones: Type.Array(Zone),
  elements: Type.Array(Element),
  subelements: Type.Array(Subelement),
  subgroups: Type.Array(Subgroup),
  /** The development's published alert templates (emergency alerts, decision 012); absent from
   * older servers. */
  alertTemplates: Type.Optional(Type.Array(AlertTemplate)),
  /**
   * The development's published settings (decision 017), always sent by this server (the defaults
   * when none were published); absent from older servers: the kiosk then keeps its defaults.
   */
  settings: Type.Optional(DevelopmentSettings),
});
export type Snapshot = Static<typeof Snapshot>;

/** A kiosk id: what `crypto.randomUUID()` gives, or 32 hex characters where it is missing. */
export const KioskId = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9._:@-]+$',
});
