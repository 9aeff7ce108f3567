/** Content items for the content feature's tests. */
import type { AdminElement, AdminZone, DraftChanges, PublishProblem } from '@plant-kiosk/contract';

export const ZONE: AdminZone = {
  zoneid: 7,
  zonename: 'Menu',
  devid: 1,
  type: 'text',
  checkList: false,
  version: 1,
};

export const element = (id: number, value: string, version = 1): AdminElement => ({
  elementid: id,
  zoneid: ZONE.zoneid,
  order: id,
  value,
  type: 'text',
  addingdate: '2026-11-01T08:00:00.000Z',
  version,
});

const NO_COUNTS = { added: 0, changed: 0, removed: 0 };

/** The draft's changes of a development with nothing to publish but these warnings. */
export const draftWithWarnings = (warnings: PublishProblem[]): DraftChanges => ({
  publishedRevision: 3,
  counts: { zone: NO_COUNTS, element: NO_COUNTS, subgroup: NO_COUNTS, subelement: NO_COUNTS },
  summary: 'Aucune modification non publiée',
  changes: [],
  warnings,
});

/** A zone's `missing-alt-text` warning, worded as the server words it. */
export const altWarning = (zoneid: number, zonename: string, images: number): PublishProblem => ({
  code: 'missing-alt-text',
  zoneid,
  zonename,
  elementid: null,
  subgroupid: null,
  subelementid: null,
  message: `Zone « ${zonename} » : ${images === 1 ? '1 image sans texte alternatif' : `${images} images sans texte alternatif`} — la lecture à voix haute des totems n’en dira que le nom de la zone.`,
});
