/**
 * Which named zones (docs/product.md#content-model) each anchored staff page shows, in order, with its anchor label
 * (docs/product.md#screens). Kept as data so the pages, the tests and the screenshots agree on one list.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import type { ZoneGalleryLayout } from '../../components/zone-gallery';

export interface ZoneSectionSpec {
  /** Label of the banner's anchor button. */
  anchor: string;
  /** Title of the section (more explicit than the anchor when it helps). */
  title: string;
  zonename: string;
  subtitle?: string;
  layout?: ZoneGalleryLayout;
  columns?: 2 | 3;
}

export const HSE_SECTIONS: readonly ZoneSectionSpec[] = [
  {
    anchor: 'Politiques et contacts HSE',
    title: 'Politiques et contacts HSE',
    zonename: IMAGE_ZONES.hsePolicies.fr,
  },
  {
    anchor: 'EPI',
    title: 'EPI',
    subtitle: 'Équipements de protection individuelle',
    zonename: IMAGE_ZONES.ppe.fr,
  },
  {
    anchor: 'PTI',
    title: 'PTI',
    subtitle: 'Protection du travailleur isolé',
    zonename: IMAGE_ZONES.pti.fr,
  },
  {
    anchor: 'Habilitations au poste',
    title: 'Habilitations au poste',
    zonename: IMAGE_ZONES.workstationAuthorisations.fr,
  },
  {
    anchor: 'Alertes accidents et croix verte',
    title: 'Alertes accidents et croix verte',
    zonename: IMAGE_ZONES.accidentAlerts.fr,
  },
  {
    anchor: 'Déchets et pollution',
    title: 'Déchets et pollution',
    zonename: IMAGE_ZONES.wastePollution.fr,
  },
  {
    anchor: 'PASS',
    title: 'PASS',
    subtitle: 'Les facteurs de risque',
    zonename: IMAGE_ZONES.pass.fr,
  },
];

/**
 * The emergency page (docs/product.md#screens order). Anchor labels are the spec's short names — nine buttons
 * share two rows of the banner, and each must stay readable on at most two lines — while the
 * section titles keep the zones' full names.
 */
export const EMERGENCY_SECTIONS: readonly ZoneSectionSpec[] = [
  // The numbers come first, so they are on the page's first screen (totem-size screen fixes;
  // decision 015).
  {
    anchor: "Numéros d'urgence",
    title: "Numéros d'urgence",
    zonename: IMAGE_ZONES.emergencyNumbers.fr,
  },
  {
    anchor: 'Liste SST',
    title: 'Liste SST',
    subtitle: 'Sauveteurs secouristes du travail',
    zonename: IMAGE_ZONES.firstAiders.fr,
  },
  {
    anchor: 'Accident corporel',
    title: 'Incident-Accident corporel',
    zonename: IMAGE_ZONES.bodilyInjury.fr,
  },
  {
    anchor: 'Urgence médicale',
    title: 'Urgence médicale-Malaise',
    zonename: IMAGE_ZONES.medicalEmergency.fr,
  },
  {
    anchor: 'Alarme incendie',
    title: 'Départ feu-Alarme incendie',
    zonename: IMAGE_ZONES.fireAlarm.fr,
  },
  {
    anchor: 'Pollution accidentelle',
    title: 'Pollution accidentelle majeure',
    zonename: IMAGE_ZONES.accidentalPollution.fr,
  },
  { anchor: 'Ouverture portail', title: 'Ouverture portail', zonename: IMAGE_ZONES.gateOpening.fr },
  { anchor: 'Défibrillateurs', title: 'Défibrillateurs', zonename: IMAGE_ZONES.defibrillators.fr },
  { anchor: 'Plan du site', title: 'Plan du site', zonename: IMAGE_ZONES.sitePlan.fr },
];

export const QUALITY_SECTIONS = {
  policies: { title: 'Politiques qualité', zonename: IMAGE_ZONES.qualityPolicies.fr },
  certifications: {
    title: 'Certifications qualité',
    zonename: IMAGE_ZONES.qualityCertifications.fr,
  },
  environment: { title: 'Politique environnement', zonename: IMAGE_ZONES.environmentPolicy.fr },
} as const;

export const OTHER_INFO_ANCHORS = [
  'Plan du site',
  'Salles de réunion',
  'Menu',
  'Magazine',
] as const;

export const SITE_ANCHORS = [
  'Présentation du site',
  'Unité Moulage',
  'Unité Assemblage',
  'Services support',
] as const;
