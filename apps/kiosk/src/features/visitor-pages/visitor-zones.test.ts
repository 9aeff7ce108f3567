/**
 * The back-office's list of visitor zones (contract VISITOR_ZONES: the missing-translation list
 * and the publish warning) must name every zone the visitor pages read, or a zone would reach
 * English visitors untranslated without anyone being told. `EVERY_ZONE` is a record over the
 * `VisitorZone` type, so a zone added to the pages' type does not compile until it is listed here.
 */
import { CONTENT_ZONES, VISITOR_ZONES } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { zoneName, type VisitorZone } from './zone-titles';

const EVERY_ZONE: Record<VisitorZone, true> = {
  products: true,
  qualityPolicies: true,
  qualityCertifications: true,
  environmentPolicy: true,
  plantIntroduction: true,
  moldingUnit: true,
  assemblyUnit: true,
  supportServices: true,
  hsePolicies: true,
  ppe: true,
  pti: true,
  wastePollution: true,
  emergencyNumbers: true,
  sitePlan: true,
};

/** The zones the pages read by their content-service name (videos, the catalogue). */
const CONTENT_ZONES_READ = [
  CONTENT_ZONES.groupVideo,
  CONTENT_ZONES.plantVideos,
  CONTENT_ZONES.environmentCatalogue,
];

describe('the visitor zones the back-office checks for English', () => {
  const listed = new Set(VISITOR_ZONES.map((zone) => zone.zonename));

  it('name every zone the visitor pages read', () => {
    const read = [
      ...(Object.keys(EVERY_ZONE) as VisitorZone[]).map(zoneName),
      ...CONTENT_ZONES_READ,
    ];
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('name no zone the visitor pages do not read', () => {
    const read = new Set([
      ...(Object.keys(EVERY_ZONE) as VisitorZone[]).map(zoneName),
      ...CONTENT_ZONES_READ,
    ]);
    expect([...listed].filter((name) => !read.has(name))).toEqual([]);
  });
});
