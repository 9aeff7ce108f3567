/**
 * The content models of docs/product.md#content-model ("Content by model label") and the named zones the kiosk reads.
 * Labels are data, not code paths: the server seeds these models and the kiosk asks for content by
 * these labels, so both sides must spell them the same way — hence one definition here.
 */
export const MODEL_LABELS = {
  magazine: 'Magazine',
  product: 'Produit',
  catalogue: 'Catalogue',
  houseRules: 'Règlement intérieur',
  poster: 'Affiche',
  environmentCatalogue: 'Catalogue environnement',
  pdfDocument: 'Document PDF',
} as const;
export type ModelLabel = (typeof MODEL_LABELS)[keyof typeof MODEL_LABELS];

/** Field labels of each model, in the order the back-office shows them. */
export const MODEL_FIELDS: Record<ModelLabel, readonly string[]> = {
  Magazine: ['mois', 'pages'],
  Produit: ['titre', 'image', 'détail_produit', 'vidéo'],
  Catalogue: ['pages', 'qr'],
  'Règlement intérieur': ['pages'],
  Affiche: ['image'],
  'Catalogue environnement': ['pages'],
  'Document PDF': ['titre', 'pages', 'pdf', 'sommaire'],
};

export const ALL_MODELS = 'all';

export function isModelLabel(value: string): value is ModelLabel {
  return Object.prototype.hasOwnProperty.call(MODEL_FIELDS, value);
}

/** The two production areas a totem can be set up for (docs/product.md#purpose). */
export const TOTEM_TYPES = ['Moulage', 'Assemblage'] as const;
export type TotemType = (typeof TOTEM_TYPES)[number];

/** Zones holding one totem's BE LEAN + content (docs/product.md#content-model). */
export const totemZoneNames = (totem: TotemType) =>
  ({
    archives: `${totem} : Archives`,
    projects: `${totem} : Projet`,
    pdfs: `${totem} : PDF`,
  }) as const;

/** Named zones shown as image lists (docs/product.md#content-model), with the English name shown to visitors where one exists. */
export const IMAGE_ZONES = {
  sitePlan: { fr: 'Plan du site' },
  meetingRooms: { fr: 'Salles réunion' },
  menu: { fr: 'Menu' },
  hsePolicies: { fr: 'Politiques-Contacts HSE' },
  ppe: { fr: 'EPI' },
  pti: { fr: 'PTI' },
  workstationAuthorisations: { fr: 'Habilitations au poste' },
  accidentAlerts: { fr: 'Alertes accidents-Croix verte' },
  wastePollution: { fr: 'Déchets-Pollution' },
  pass: { fr: 'PASS' },
  operatorManual: { fr: 'Manuel opérateur' },
  qualityControl: { fr: 'Contrôle qualité' },
  clients: { fr: 'Nos clients' },
  products: { fr: 'Produits', en: 'Product range' },
  qualityPolicies: { fr: 'Politiques qualité', en: 'Quality policies' },
  qualityCertifications: { fr: 'Certifications qualité', en: 'Quality certifications' },
  environmentPolicy: { fr: 'Politique environnement', en: 'Environment policies' },
  plantIntroduction: { fr: 'Présentation site', en: 'Plant introduction' },
  moldingUnit: { fr: 'Moulage', en: 'Molding unit' },
  assemblyUnit: { fr: 'Assemblage', en: 'Assembly unit' },
  supportServices: { fr: 'Services support', en: 'Support departments' },
  firstAiders: { fr: 'Liste SST' },
  emergencyNumbers: { fr: "Numéros d'urgence" },
  bodilyInjury: { fr: 'Incident-Accident corporel' },
  medicalEmergency: { fr: 'Urgence médicale-Malaise' },
  fireAlarm: { fr: 'Départ feu-Alarme incendie' },
  accidentalPollution: { fr: 'Pollution accidentelle majeure' },
  gateOpening: { fr: 'Ouverture portail' },
  defibrillators: { fr: 'Défibrillateurs' },
  idle: { fr: 'Veille' },
} as const satisfies Record<string, { fr: string; en?: string }>;

/** Zones holding sub-grouped content (by model label) rather than plain image lists. */
export const CONTENT_ZONES = {
  magazine: 'Magazine',
  houseRules: 'Règlement intérieur',
  environmentCatalogue: 'Catalogue environnement',
  poster: 'Affiche',
  homeSlideshow: 'Diaporama accueil',
  hrGuide: 'Guide RH',
  /** The plant page's two videos (the 60-year video, then the plant film), type 'videos'. */
  plantVideos: 'Vidéos site',
  /** The visitor group page's looping video, type 'videos'. */
  groupVideo: 'Vidéo groupe',
} as const;

/**
 * The zones the kiosk's visitor pages show in the visitor's language (English content, decision
 * 021): each needs an English version, or an English page shows it in French with an "FR" mark. One
 * list for the server's publish warning and the back-office's "traductions manquantes"; `page` is
 * the visitor page (docs/product.md#screens) that reads the zone, as the back-office names it. The kiosk's test
 * apps/kiosk/src/features/visitor-pages/visitor-zones.test.ts fails when the visitor pages' zones
 * (zone-titles.ts `VisitorZone`, and the videos and catalogue) and this list differ.
 */
export const VISITOR_ZONES: ReadonlyArray<{ zonename: string; page: string }> = [
  { zonename: IMAGE_ZONES.emergencyNumbers.fr, page: 'Urgence' },
  { zonename: IMAGE_ZONES.sitePlan.fr, page: 'Urgence' },
  { zonename: IMAGE_ZONES.hsePolicies.fr, page: 'HSE' },
  { zonename: IMAGE_ZONES.ppe.fr, page: 'HSE' },
  { zonename: IMAGE_ZONES.pti.fr, page: 'HSE' },
  { zonename: IMAGE_ZONES.wastePollution.fr, page: 'HSE' },
  { zonename: IMAGE_ZONES.qualityPolicies.fr, page: 'Qualité' },
  { zonename: IMAGE_ZONES.qualityCertifications.fr, page: 'Qualité' },
  { zonename: IMAGE_ZONES.environmentPolicy.fr, page: 'Environnement' },
  { zonename: CONTENT_ZONES.environmentCatalogue, page: 'Environnement' },
  { zonename: IMAGE_ZONES.plantIntroduction.fr, page: 'Site' },
  { zonename: IMAGE_ZONES.moldingUnit.fr, page: 'Site' },
  { zonename: IMAGE_ZONES.assemblyUnit.fr, page: 'Site' },
  { zonename: IMAGE_ZONES.supportServices.fr, page: 'Site' },
  { zonename: CONTENT_ZONES.plantVideos, page: 'Site' },
  { zonename: IMAGE_ZONES.products.fr, page: 'Gamme' },
  { zonename: CONTENT_ZONES.groupVideo, page: 'Groupe' },
];

/** The visitor page that shows a zone, or undefined for a zone visitors do not see. */
export const visitorZonePage = (zonename: string): string | undefined =>
  VISITOR_ZONES.find((zone) => zone.zonename === zonename)?.page;

/**
 * A table-of-contents entry of a PDF document (field `sommaire` of a "Document PDF" sub-group).
 * Stored as one sub-element value "page|title" so that the generic content model holds it.
 */
export interface TocEntry {
  page: number;
  title: string;
}

export function formatTocEntry(entry: TocEntry): string {
  return `${entry.page}|${entry.title}`;
}

export function parseTocEntry(value: string): TocEntry | undefined {
  const separator = value.indexOf('|');
  if (separator <= 0) return undefined;
  const page = Number(value.slice(0, separator));
  if (!Number.isInteger(page) || page < 1) return undefined;
  return { page, title: value.slice(separator + 1) };
}
