/**
 * The "Produits" zone: one element per product category, each with `Produit` sub-groups (title,
 * one or two thumbnails, detail sheet, and a video for two named products) and one `Catalogue`
 * sub-group (pages and a QR code to download it). Product names are invented.
 */
import { IMAGE_ZONES, type ModelLabel } from '@plant-kiosk/contract';
import type { PlannedSubgroup, PlannedValue, PlannedZone } from '../demo-plan.js';
import { PALETTE, type Accent } from '../svg/kit.js';
import { pageSvg } from '../svg/page.js';
import { productThumbnailSvg, type ProductInfo } from '../svg/products.js';
import { catalogueCoverSvg, qrSvg } from '../svg/special.js';
import { ago, imageValue, textValue, type SeedContext } from './context.js';

const PRODUCT: ModelLabel = 'Produit';
const CATALOGUE: ModelLabel = 'Catalogue';

interface CatalogueProduct extends ProductInfo {
  /** A second colour variant gives the product a second thumbnail. */
  variant?: { name: string; colour: string };
  video?: 'brume' | 'cresta';
  /** Days since it was added; negative hours mean "added today". */
  addedDaysAgo: number;
  addedHoursAgo?: number;
  /** Limited editions leave the catalogue: past this many days ago, the server hides them. */
  expiredDaysAgo?: number;
}

interface Category {
  name: string;
  slug: string;
  accent: Accent;
  subtitle: string;
  products: CatalogueProduct[];
}

const CATEGORIES: Category[] = [
  {
    name: 'Parfum',
    slug: 'parfum',
    accent: 'corail',
    subtitle: 'Pompes sertissables, vissables et sprays fine brume',
    products: [
      {
        name: 'Lyra',
        shape: 'crimpPump',
        colour: PALETTE.corail,
        category: 'Parfum',
        tagline: 'La pompe sertissable de référence',
        specs: [
          ['Dosage', '70, 100 ou 150 µl'],
          ['Col', '15 et 18 mm, serti'],
          ['Matériaux', 'PP, PE, inox, col aluminium anodisé'],
        ],
        benefits: [
          'Diffusion fine et régulière',
          'Amorçage en 2 actionnements',
          'Plus de 40 finitions de col',
        ],
        sustainability: ['Version à 30 % de PP recyclé', 'Col aluminium recyclable'],
        variant: { name: 'Col or rose', colour: '#E8B4A0' },
        addedDaysAgo: 420,
      },
      {
        name: 'Brume Fine',
        shape: 'spray',
        colour: PALETTE.bleuPale,
        category: 'Parfum',
        tagline: 'Le spray fine brume pour eaux de parfum',
        specs: [
          ['Dosage', '70 µl'],
          ['Col', '15 mm, vissable ou serti'],
          ['Brume', 'Gouttelettes de 35 µm en moyenne'],
        ],
        benefits: [
          'Brume homogène et soyeuse',
          'Sensation fraîche et légère',
          'Compatible alcools et huiles',
        ],
        sustainability: ['Sans métal en contact avec le produit', 'Mono-matériau PP en option'],
        video: 'brume',
        addedDaysAgo: 260,
      },
      {
        name: 'Ondine',
        shape: 'crimpPump',
        colour: PALETTE.vertPale,
        category: 'Parfum',
        tagline: 'La pompe vissable rechargeable',
        specs: [
          ['Dosage', '100 µl'],
          ['Col', 'Vissable 13-415 et 15-415'],
          ['Recharge', 'Flacon rechargeable à la fontaine'],
        ],
        benefits: [
          'Démontable pour recharger le flacon',
          'Étanchéité conservée après 10 recharges',
        ],
        sustainability: [
          'Flacon réutilisable : jusqu’à -70 % d’empreinte carbone',
          'Pompe en PP mono-matériau',
        ],
        addedDaysAgo: 150,
      },
      {
        name: 'Éclat Noël 2024',
        shape: 'crimpPump',
        colour: '#D4AF37',
        category: 'Parfum',
        tagline: 'Édition limitée des fêtes',
        specs: [
          ['Dosage', '100 µl'],
          ['Col', '18 mm serti, finition pailletée'],
          ['Série', 'Édition limitée, décembre 2024'],
        ],
        benefits: ['Capot métallisé or', 'Série courte pour les coffrets de fin d’année'],
        sustainability: ['Capot en PP recyclable'],
        addedDaysAgo: 400,
        expiredDaysAgo: 300,
      },
    ],
  },
  {
    name: 'Soin & Cosmétique',
    slug: 'soin-cosmetique',
    accent: 'bleu',
    subtitle: 'Pompes à crème, airless et mousseurs',
    products: [
      {
        name: 'Cresta',
        shape: 'airless',
        colour: PALETTE.corailPale,
        category: 'Soin & Cosmétique',
        tagline: 'Le flacon airless qui protège les formules',
        specs: [
          ['Dosage', '150, 200 ou 240 µl'],
          ['Volume', '15, 30 et 50 ml'],
          ['Restitution', 'Jusqu’à 95 % du produit'],
        ],
        benefits: [
          'Sans reprise d’air : formules sans conservateur',
          'Utilisable dans toutes les positions',
          'Dose précise à chaque pression',
        ],
        sustainability: [
          'Version recharge : seul le flacon intérieur est remplacé',
          '50 % de PP recyclé en option',
        ],
        variant: { name: 'Blanc satiné', colour: '#FFFFFF' },
        video: 'cresta',
        addedDaysAgo: 300,
      },
      {
        name: 'Velum',
        shape: 'lotion',
        colour: '#FFFFFF',
        category: 'Soin & Cosmétique',
        tagline: 'La pompe à lotion pour soins du corps',
        specs: [
          ['Dosage', '500 µl'],
          ['Col', '24-410 et 28-410'],
          ['Verrouillage', 'Tête verrouillable pour le transport'],
        ],
        benefits: [
          'Dose généreuse pour laits et gels',
          'Tête ergonomique, verrouillage en quart de tour',
        ],
        sustainability: ['Ressort hors du contact produit', 'Compatible flacons 100 % recyclés'],
        addedDaysAgo: 220,
      },
      {
        name: 'Nuage',
        shape: 'foam',
        colour: PALETTE.bleuPale,
        category: 'Soin & Cosmétique',
        tagline: 'Le mousseur pour nettoyants visage',
        specs: [
          ['Dosage', '0,8 ml de mousse'],
          ['Col', '40 et 43 mm'],
          ['Formules', 'Nettoyants, mousses solaires'],
        ],
        benefits: ['Mousse dense sans gaz propulseur', 'Tête anti-goutte'],
        sustainability: ['Sans gaz propulseur', 'Flacon rechargeable'],
        addedDaysAgo: 90,
      },
    ],
  },
  {
    name: 'Solutions résine durable',
    slug: 'resine-durable',
    accent: 'vert',
    subtitle: 'Matières recyclées, biosourcées et mono-matériau',
    products: [
      {
        name: 'Lyra PCR',
        shape: 'crimpPump',
        colour: '#CFE3C8',
        category: 'Solutions résine durable',
        tagline: 'La pompe Lyra à 50 % de matière recyclée',
        specs: [
          ['Dosage', '70, 100 ou 150 µl'],
          ['Matière', '50 % de PP recyclé post-consommation'],
          ['Circularité', 'Indicateur 0,62'],
        ],
        benefits: ['Mêmes performances que la Lyra', 'Matière recyclée certifiée et tracée'],
        sustainability: ['-35 % d’empreinte carbone', 'Recyclable dans la filière PP'],
        addedDaysAgo: 0,
        addedHoursAgo: 2,
      },
      {
        name: 'Mono Velum',
        shape: 'lotion',
        colour: PALETTE.vertPale,
        category: 'Solutions résine durable',
        tagline: 'La pompe à lotion 100 % PP',
        specs: [
          ['Dosage', '500 µl'],
          ['Matière', 'Polypropylène, ressort plastique'],
          ['Recyclabilité', 'Recyclable avec le flacon PP'],
        ],
        benefits: ['Ressort plastique : pas de métal à trier', 'Se recycle sans démontage'],
        sustainability: ['Mono-matériau', 'Compatible PP recyclé'],
        addedDaysAgo: 60,
      },
      {
        name: 'Terra',
        shape: 'airless',
        colour: '#E6D3B3',
        category: 'Solutions résine durable',
        tagline: 'L’airless en résine biosourcée',
        specs: [
          ['Dosage', '200 µl'],
          ['Matière', 'PE biosourcé de canne à sucre'],
          ['Volume', '30 et 50 ml'],
        ],
        benefits: ['Toucher minéral', 'Mêmes performances que le Cresta'],
        sustainability: ['Résine biosourcée certifiée', 'Aucune résine problématique'],
        addedDaysAgo: 120,
      },
    ],
  },
];

export interface ProductVideoValues {
  brume: string;
  cresta: string;
}

function detailSheet(product: CatalogueProduct): string {
  return pageSvg({
    title: product.name,
    kicker: `Fiche produit · ${product.category}`,
    subtitle: product.tagline,
    accent:
      product.category === 'Parfum'
        ? 'corail'
        : product.category === 'Soin & Cosmétique'
          ? 'bleu'
          : 'vert',
    footer: 'Site du Neubourg · Gamme 2024',
    blocks: [
      { kind: 'productHero', shape: product.shape, colour: product.colour, specs: product.specs },
      { kind: 'heading', text: 'Avantages' },
      { kind: 'bullets', items: product.benefits },
      { kind: 'heading', text: 'Durabilité' },
      { kind: 'bullets', items: product.sustainability },
    ],
  });
}

function cataloguePages(category: Category): string[] {
  const live = category.products.filter((product) => product.expiredDaysAgo === undefined);
  const cover = catalogueCoverSvg(
    category.name,
    category.subtitle,
    live.slice(0, 3).map((product) => ({ shape: product.shape, colour: product.colour })),
    category.accent,
  );
  const page = (title: string, blocks: Parameters<typeof pageSvg>[0]['blocks'], number: number) =>
    pageSvg({
      title,
      kicker: `Catalogue ${category.name}`,
      accent: category.accent,
      blocks,
      footer: `Catalogue ${category.name} 2024`,
      page: { number, total: 6 },
      uid: `cat${number}`,
    });
  return [
    cover,
    page(
      'Notre gamme',
      [
        {
          kind: 'paragraph',
          text: `${category.subtitle}. Toute la gamme est conçue, moulée et assemblée au Neubourg.`,
        },
        {
          kind: 'products',
          items: live.map((product) => ({
            name: product.name,
            shape: product.shape,
            colour: product.colour,
            note: product.specs[0]?.[1] ?? '',
          })),
        },
      ],
      2,
    ),
    ...live.slice(0, 2).map((product, i) =>
      page(
        product.name,
        [
          {
            kind: 'productHero',
            shape: product.shape,
            colour: product.colour,
            specs: product.specs,
          },
          { kind: 'heading', text: product.tagline },
          { kind: 'bullets', items: [...product.benefits, ...product.sustainability] },
        ],
        3 + i,
      ),
    ),
    page(
      'Personnalisation',
      [
        {
          kind: 'paragraph',
          text: 'Chaque système se décline aux couleurs de la marque : teintes dans la masse, métallisation, laquage, gravure et marquage à chaud.',
        },
        {
          kind: 'pictograms',
          items: [
            { icon: 'drop', label: 'Teintes dans la masse' },
            { icon: 'gear', label: 'Métallisation' },
            { icon: 'magnifier', label: 'Gravure laser' },
            { icon: 'badge', label: 'Marquage à chaud' },
          ],
        },
        { kind: 'illustration', scene: 'pumps', height: 420 },
      ],
      5,
    ),
    page(
      'Nos engagements',
      [
        {
          kind: 'figures',
          items: [
            { value: '10 %', label: 'de matière recyclée en 2025' },
            { value: '0', label: 'résine problématique' },
            { value: '100 %', label: 'recyclable, réutilisable ou compostable' },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Échantillons, couleurs et options recyclées : contactez votre chef de projet ou le service clients, poste 2150.',
        },
        { kind: 'illustration', scene: 'lab', height: 420 },
      ],
      6,
    ),
  ];
}

export async function productsZone(
  ctx: SeedContext,
  videos: ProductVideoValues,
): Promise<PlannedZone> {
  const elements = [];
  for (const [index, category] of CATEGORIES.entries()) {
    const subgroups: PlannedSubgroup[] = category.products.map((product) => {
      const images: PlannedValue[] = [
        imageValue(ctx, `${product.name} vignette`, productThumbnailSvg(product, product.colour)),
      ];
      if (product.variant) {
        images.push(
          imageValue(
            ctx,
            `${product.name} ${product.variant.name}`,
            productThumbnailSvg(product, product.variant.colour, product.variant.name),
          ),
        );
      }
      return {
        model: PRODUCT,
        addingdate: ago(ctx, product.addedDaysAgo, product.addedHoursAgo ?? 0),
        expirationdate:
          product.expiredDaysAgo !== undefined ? ago(ctx, product.expiredDaysAgo) : null,
        fields: {
          titre: [textValue(product.name)],
          image: images,
          détail_produit: [imageValue(ctx, `${product.name} fiche produit`, detailSheet(product))],
          ...(product.video
            ? { vidéo: [{ value: videos[product.video], type: 'video' as const }] }
            : {}),
        },
      };
    });
    const url = `https://catalogues.usine-neubourg.example/2024/${category.slug}.pdf`;
    subgroups.push({
      model: CATALOGUE,
      addingdate: ago(ctx, 200 - index * 10),
      fields: {
        pages: cataloguePages(category).map((svg, i) =>
          imageValue(ctx, `Catalogue ${category.name} page ${i + 1}`, svg),
        ),
        qr: [
          imageValue(
            ctx,
            `QR catalogue ${category.name}`,
            await qrSvg(url, `Téléchargez le catalogue ${category.name}`),
          ),
        ],
      },
    });
    // Expired sub-groups go last: the server hides their sub-elements, and a hole in the middle of
    // an element's orders could end a kiosk's batched loading early (docs/product.md#states "even" mode).
    subgroups.sort((a, b) => Number(Boolean(a.expirationdate)) - Number(Boolean(b.expirationdate)));
    elements.push({
      value: category.name,
      type: 'group' as const,
      addingdate: ago(ctx, 500 - index * 10),
      subgroups,
    });
  }
  return { zonename: IMAGE_ZONES.products.fr, type: 'subgroups', elements };
}

/** Names of the products whose sub-group has expired (hidden by the server), for tests and docs. */
export const EXPIRED_PRODUCTS = CATEGORIES.flatMap((category) =>
  category.products
    .filter((product) => product.expiredDaysAgo !== undefined)
    .map((product) => product.name),
);
