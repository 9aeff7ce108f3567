/**
 * Section titles of the named zones shown to visitors. Where docs/product.md#content-model gives an English name
 * (IMAGE_ZONES[x].en: Quality policies, Plant introduction…) an English page uses it and a French
 * page the zone's own name; zones without one in the spec get a visitor-friendly title from the
 * i18n files in both languages.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import type { TFunction } from 'i18next';
import type { Language } from '../../i18n/i18n';

/** Zones with an English name in the contract. */
export type NamedVisitorZone =
  | 'products'
  | 'qualityPolicies'
  | 'qualityCertifications'
  | 'environmentPolicy'
  | 'plantIntroduction'
  | 'moldingUnit'
  | 'assemblyUnit'
  | 'supportServices';

/** Zones whose visitor title comes from i18n `visitorPages.zones`. */
export type TranslatedVisitorZone =
  'hsePolicies' | 'ppe' | 'pti' | 'wastePollution' | 'emergencyNumbers' | 'sitePlan';

export type VisitorZone = NamedVisitorZone | TranslatedVisitorZone;

const NAMED: ReadonlySet<VisitorZone> = new Set<NamedVisitorZone>([
  'products',
  'qualityPolicies',
  'qualityCertifications',
  'environmentPolicy',
  'plantIntroduction',
  'moldingUnit',
  'assemblyUnit',
  'supportServices',
]);

const isNamed = (zone: VisitorZone): zone is NamedVisitorZone => NAMED.has(zone);

/** The zone's name in the content service (always the French one). */
export const zoneName = (zone: VisitorZone): string => IMAGE_ZONES[zone].fr;

export function zoneTitle(zone: VisitorZone, language: Language, t: TFunction): string {
  if (isNamed(zone)) return IMAGE_ZONES[zone][language];
  return t(`visitorPages.zones.${zone}`);
}
