/**
 * The shape of the plant-tour text catalogue (docs/product.md#purpose): one `PlantTourCatalogue` per language.
 * French (`catalogue-fr.ts`) and English (`catalogue-en.ts`) are both typed with this interface,
 * so a section, key or product sheet missing in one language is a type error, not a blank screen.
 *
 * Everything is plain text (no HTML) so screens render it with ordinary React text nodes; lists
 * are arrays so screens map them to bullets, tiles or chips without parsing.
 */

/** The three product families of the product range page. */
export type ProductCategory = 'fragrance' | 'cosmetics' | 'sustainable';
export const PRODUCT_CATEGORIES: readonly ProductCategory[] = [
  'fragrance',
  'cosmetics',
  'sustainable',
];

/** The only dose volumes the spec allows on a product sheet, in microlitres (docs/product.md#content-model). */
export const DOSAGES_MICROLITRES = [150, 200, 240, 500] as const;
export type DosageMicrolitres = (typeof DOSAGES_MICROLITRES)[number];

/** Product sheets are numbered 1 to 21 (docs/product.md#content-model); a record keyed by this type has all 21. */
export type ProductSheetId =
  1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21;
export const PRODUCT_SHEET_IDS: readonly ProductSheetId[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
];

/** A key figure shown as a tile: a large value over a short caption ("68" / "injection presses"). */
export interface KeyFigure {
  readonly value: string;
  readonly label: string;
}

/** A tile button of the visitor home: up to three titles per docs/product.md#screens; we use two. */
export interface TileLabel {
  readonly title: string;
  readonly subtitle: string;
}

/** A titled block of prose, optionally with key figures. */
export interface TextSection {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export interface FiguresSection extends TextSection {
  readonly figures: readonly KeyFigure[];
}

/** One product sheet as written in a language file; `ProductSheet` adds its id. */
export interface ProductSheetContent {
  readonly name: string;
  /** Same value in every language: it is data, not text. */
  readonly category: ProductCategory;
  readonly tagline: string;
  /** 3 to 5 bullet lines for the "Benefits" tab. */
  readonly benefits: readonly string[];
  /** 2 to 4 bullet lines for the "Sustainability" tab. */
  readonly sustainability: readonly string[];
  /** Dose volumes in µl, shown as chips; empty when a dose does not apply (continuous spray…). */
  readonly dosageOptions: readonly DosageMicrolitres[];
  /** Named sample colours, shown as chips; empty when not applicable. */
  readonly sampleColours: readonly string[];
  /** Recycled, bio-based or mono-material options, shown as chips; empty when not applicable. */
  readonly recycledContentOptions: readonly string[];
}

export interface ProductSheet extends ProductSheetContent {
  readonly id: ProductSheetId;
}

export interface PlantTourCatalogue {
  readonly visitorHome: {
    readonly title: string;
    readonly intro: string;
    /** Visitor rules: shown as text only, never enforced (docs/product.md#purpose). */
    readonly rulesTitle: string;
    readonly rules: readonly string[];
    readonly safetyTitle: string;
    readonly safety: readonly string[];
  };
  /** The seven visitor home buttons, in the order the spec lists them. */
  readonly visitorButtons: {
    readonly group: TileLabel;
    readonly plant: TileLabel;
    readonly productRange: TileLabel;
    readonly hse: TileLabel;
    readonly quality: TileLabel;
    readonly environment: TileLabel;
    readonly emergency: TileLabel;
  };
  readonly group: {
    readonly title: string;
    readonly intro: string;
    readonly parentGroup: FiguresSection;
    readonly beautyDivision: FiguresSection;
    /** Caption of the looping muted group video of the visitor group page. */
    readonly videoCaption: string;
  };
  readonly environment: {
    readonly title: string;
    readonly intro: string;
    readonly targets: {
      readonly title: string;
      readonly intro: string;
      readonly figures: readonly KeyFigure[];
    };
    readonly circularity: TextSection & {
      /** The two ends of the 0-to-1 scale, for a gauge. */
      readonly scaleMin: KeyFigure;
      readonly scaleMax: KeyFigure;
    };
    /** The environment catalogue popup of the visitor environment page. */
    readonly catalogue: {
      readonly title: string;
      readonly openLabel: string;
      readonly closeLabel: string;
    };
  };
  readonly plantSite: {
    readonly title: string;
    readonly intro: string;
    /** Section titles are the docs/product.md#content-model zone names, so anchors and zone images line up. */
    readonly introduction: FiguresSection;
    readonly moldingUnit: FiguresSection;
    readonly assemblyUnit: FiguresSection;
    readonly supportDepartments: FiguresSection & { readonly departments: readonly string[] };
    readonly video: { readonly title: string; readonly caption: string };
  };
  readonly productRange: {
    readonly title: string;
    readonly intro: string;
    readonly categories: Readonly<Record<ProductCategory, { title: string; intro: string }>>;
    readonly brochures: {
      readonly title: string;
      readonly downloadLabel: string;
      readonly scanHint: string;
      readonly titles: Readonly<Record<ProductCategory, string>>;
    };
    /** The "latest product news" panel; it can be closed (visitor journey). */
    readonly news: {
      readonly title: string;
      readonly text: string;
      /** Same id in every language: the sheet the news is about. */
      readonly productId: ProductSheetId;
      readonly seeProductLabel: string;
      readonly closeLabel: string;
    };
    readonly cards: {
      readonly tapHint: string;
      readonly openLabel: string;
      readonly closeLabel: string;
      readonly tabs: { readonly benefits: string; readonly sustainability: string };
      readonly chips: {
        readonly dosage: string;
        readonly colours: string;
        readonly recycledContent: string;
      };
    };
  };
  readonly productSheets: Readonly<Record<ProductSheetId, ProductSheetContent>>;
}
