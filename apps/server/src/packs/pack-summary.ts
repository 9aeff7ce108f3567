/**
 * What a checked pack holds and what importing it will change (the back-office's summary before
 * its confirmation, issue 44 part 2). Kept plain on purpose: zones are compared by name with the
 * target's draft — the pack's zones are added or replace the draft's zone of the same name, and
 * every other zone of the draft goes, since an import replaces the whole draft (content, alert
 * templates, settings). Element counts say how big each zone is before and after; the item by
 * item differences are « Modifications non publiées »'s, once imported.
 */
import type { PackUploadSummary, PackZoneChange } from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import type { ReadPack } from './pack-reader.js';

export type PackHolds = PackUploadSummary['pack'];
export type PackChanges = PackUploadSummary['changes'];

/** What the pack holds, from its manifest and its checked media. */
export function packHolds(pack: ReadPack): PackHolds {
  const { manifest, content, media } = pack;
  return {
    formatVersion: manifest.formatVersion,
    product: manifest.product,
    source: manifest.source,
    referenceTime: manifest.referenceTime,
    // Counted from the records read (the manifest's counts are not checked against them).
    counts: {
      zone: content.zone.length,
      element: content.element.length,
      subgroup: content.subgroup.length,
      subelement: content.subelement.length,
      alert_template: content.alert_template.length,
      setting: content.setting.length,
    },
    media: { files: media.length, bytes: media.reduce((sum, item) => sum + item.bytes, 0) },
  };
}

/** Elements per zone id of the pack. */
function elementsByZone(pack: ReadPack): Map<number, number> {
  const counts = new Map<number, number>();
  for (const element of pack.content.element) {
    const zoneid = Number(element.zoneid);
    counts.set(zoneid, (counts.get(zoneid) ?? 0) + 1);
  }
  return counts;
}

/**
 * What the import changes in the draft of `devid` (null: a new development, where everything is
 * added).
 */
export async function packChanges(
  repos: Repositories,
  pack: ReadPack,
  devid: number | null,
): Promise<PackChanges> {
  const counts = elementsByZone(pack);
  const draft = new Map<string, number>();
  let templates = 0;
  const library = new Set<string>();
  if (devid !== null) {
    for (const zone of await repos.draft.listZones(devid)) {
      draft.set(zone.zonename, (await repos.draft.listElements(zone.zoneid)).length);
    }
    templates = (await repos.alertTemplates.list(devid)).length;
    for (const row of await repos.media.list(devid)) {
      library.add(row.sha256);
      if (row.file_sha256) library.add(row.file_sha256);
    }
  }
  const zones: PackZoneChange[] = [];
  const inPack = new Set<string>();
  for (const zone of pack.content.zone) {
    const zonename = String(zone.zonename);
    inPack.add(zonename);
    const before = draft.get(zonename);
    zones.push({
      zonename,
      change: before === undefined ? 'added' : 'replaced',
      elementsBefore: before ?? 0,
      elementsAfter: counts.get(Number(zone.zoneid)) ?? 0,
    });
  }
  for (const [zonename, before] of draft) {
    if (!inPack.has(zonename)) {
      zones.push({ zonename, change: 'removed', elementsBefore: before, elementsAfter: 0 });
    }
  }
  return {
    zones,
    alertTemplates: { before: templates, after: pack.content.alert_template.length },
    settings: pack.content.setting.length > 0 ? 'replaced' : 'default',
    mediaInLibrary: pack.media.filter((item) => library.has(item.sha256)).length,
  };
}
