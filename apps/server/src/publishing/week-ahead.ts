/**
 * The week ahead (issue 46): what changes on a development's totems over seven plant-local days —
 * waiting and held scheduled publications (change sets), live sub-groups whose window starts
 * (`addingdate`) or ends (`expirationdate`), and « nouveau » badges that go (`addingdate` +
 * NEW_BADGE_MINUTES, on sub-groups and elements) — each with the instant to preview.
 *
 * Days are the plant's (the live settings' `timeZone`): the window runs from `from` to the start of
 * the eighth plant-local day, so the first day is what is left of today and a day of 23 or 25 hours
 * (a DST change) is one day, its events neither lost nor listed twice.
 *
 * Only live content is read: a sub-group a scheduled publication brings is that publication's
 * event, not one of its own (its preview shows it).
 */
import {
  addPlantDays,
  frenchDay,
  instantToPlantLocal,
  NEW_BADGE_MINUTES,
  plantDayStart,
  WEEK_AHEAD_DAYS,
  type RevisionCounts,
  type WeekAheadDay,
  type WeekAheadEvent,
  type WeekAheadResponse,
} from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { SettingsRepository } from '../settings/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The field whose value names a sub-group when its model has one. */
const TITLE_FIELD = 'titre';

/** A stored ISO instant as a Date, or null when it is missing or unreadable. */
function instantOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The week ahead of a development from `from`, read in `trx` (one view for every read). */
export async function weekAhead(
  trx: Transaction<Database>,
  devid: number,
  from: Date,
): Promise<WeekAheadResponse> {
  const { timeZone } = await new SettingsRepository(trx).live(devid);
  const firstDate = instantToPlantLocal(from, timeZone).date;
  const dates = Array.from({ length: WEEK_AHEAD_DAYS }, (_, index) =>
    addPlantDays(firstDate, index),
  );
  const to = plantDayStart(addPlantDays(firstDate, WEEK_AHEAD_DAYS), timeZone);
  const inWindow = (at: Date | null): at is Date =>
    at !== null && at.getTime() >= from.getTime() && at.getTime() < to.getTime();

  const zones = new Map(
    (
      await trx
        .selectFrom('pub_zones')
        .select(['zoneid', 'zonename'])
        .where('devid', '=', devid)
        .execute()
    ).map((zone) => [zone.zoneid, zone.zonename]),
  );
  const events: WeekAheadEvent[] = [];
  const zoneOf = (zoneid: number | null | undefined): { zoneid?: number; zonename?: string } => {
    if (zoneid == null) return {};
    const zonename = zones.get(zoneid);
    return zonename === undefined ? { zoneid } : { zoneid, zonename };
  };

  // Scheduled publications: waiting ones go live by themselves at `due_at`; held ones wait for
  // someone's decision but are listed at their time, marked, so the page says what will not happen.
  const sets = await trx
    .selectFrom('change_sets')
    .select(['setid', 'status', 'due_at', 'zoneid', 'note', 'held_reason', 'counts'])
    .where('devid', '=', devid)
    .where('status', 'in', ['scheduled', 'held'])
    .execute();
  for (const set of sets) {
    const at = instantOf(set.due_at);
    if (!inWindow(at)) continue;
    const held = set.status === 'held';
    const what = set.note?.trim() || (set.zoneid == null ? 'tout le brouillon' : null);
    const zone = zoneOf(set.zoneid);
    const name = what ?? (zone.zonename ? `zone « ${zone.zonename} »` : `zone ${set.zoneid}`);
    events.push({
      at: at.toISOString(),
      kind: 'scheduled-publication',
      status: held ? 'held' : 'scheduled',
      ...(held && set.held_reason ? { heldReason: set.held_reason } : {}),
      setid: set.setid,
      ...zone,
      title: `${held ? 'Publication retenue' : 'Publication programmée'} : ${name}`,
      name,
      counts: JSON.parse(set.counts) as RevisionCounts,
      // Held sets never apply by themselves: the preview at their time shows the totems without it.
      previewAt: at.toISOString(),
    });
  }

  // Live sub-groups, with their element's zone and model label; the sub-elements `titre` name them.
  const subgroups = await trx
    .selectFrom('pub_subgroups as subgroups')
    .innerJoin('pub_elements as elements', (join) =>
      join
        .onRef('elements.elementid', '=', 'subgroups.elementid')
        .onRef('elements.devid', '=', 'subgroups.devid'),
    )
    .leftJoin('content_models', 'content_models.modelid', 'subgroups.modelid')
    .select([
      'subgroups.subgroupid',
      'subgroups.elementid',
      'subgroups.addingdate',
      'subgroups.expirationdate',
      'elements.zoneid',
      'content_models.label',
    ])
    .where('subgroups.devid', '=', devid)
    .execute();
  const titles = new Map<number, string>();
  const titleRows = await trx
    .selectFrom('pub_subelements')
    .select(['subgroupid', 'value'])
    .where('devid', '=', devid)
    .where('fieldlabel', '=', TITLE_FIELD)
    .where('subgroupid', 'is not', null)
    .orderBy('order')
    .orderBy('subelementid')
    .execute();
  for (const row of titleRows) {
    const value = row.value.trim();
    if (row.subgroupid !== null && value && !titles.has(row.subgroupid))
      titles.set(row.subgroupid, value);
  }
  for (const subgroup of subgroups) {
    const name =
      titles.get(subgroup.subgroupid) ?? subgroup.label ?? `sous-groupe ${subgroup.subgroupid}`;
    const ids = {
      subgroupid: subgroup.subgroupid,
      elementid: subgroup.elementid,
      ...zoneOf(subgroup.zoneid),
    };
    const added = instantOf(subgroup.addingdate);
    const expires = instantOf(subgroup.expirationdate);
    if (inWindow(added)) {
      events.push({
        at: added.toISOString(),
        kind: 'subgroup-starts',
        ...ids,
        title: `Arrivée de “${name}”`,
        name,
        previewAt: added.toISOString(),
      });
    }
    if (inWindow(expires)) {
      events.push({
        at: expires.toISOString(),
        kind: 'subgroup-ends',
        ...ids,
        title: `Fin de “${name}”`,
        name,
        // Gone from the instant itself (the kiosk keeps a sub-group while expirationdate > now).
        previewAt: expires.toISOString(),
      });
    }
    const badgeEnds = added && new Date(added.getTime() + NEW_BADGE_MINUTES * MINUTE);
    // A badge on a sub-group gone by then ends with it: that end is the one listed.
    if (inWindow(badgeEnds) && !(expires && expires.getTime() <= badgeEnds.getTime())) {
      events.push({
        at: badgeEnds.toISOString(),
        kind: 'new-badge-ends',
        ...ids,
        title: `Badge “nouveau” retiré : ${name}`,
        name,
        previewAt: badgeEnds.toISOString(),
      });
    }
  }

  // Live elements carry a « nouveau » badge too (the zones' images).
  const elements = await trx
    .selectFrom('pub_elements')
    .select(['elementid', 'zoneid', 'addingdate'])
    .where('devid', '=', devid)
    .execute();
  for (const element of elements) {
    const added = instantOf(element.addingdate);
    const badgeEnds = added && new Date(added.getTime() + NEW_BADGE_MINUTES * MINUTE);
    if (!inWindow(badgeEnds)) continue;
    const zone = zoneOf(element.zoneid);
    const name = `élément ${element.elementid}${zone.zonename ? ` de « ${zone.zonename} »` : ''}`;
    events.push({
      at: badgeEnds.toISOString(),
      kind: 'new-badge-ends',
      elementid: element.elementid,
      ...zone,
      title: `Badge “nouveau” retiré : ${name}`,
      name,
      previewAt: badgeEnds.toISOString(),
    });
  }

  // Sorted by instant; at the same instant, in the order above (publications first), stable.
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const days: WeekAheadDay[] = dates.map((date) => ({
    date,
    // Noon of the day reads the right date in any zone (no zone moves its clocks by 12 h).
    label: frenchDay(new Date(plantDayStart(date, timeZone).getTime() + 12 * HOUR), timeZone),
    events: [],
  }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const event of events)
    byDate.get(instantToPlantLocal(event.at, timeZone).date)?.events.push(event);
  return { timeZone, from: from.toISOString(), to: to.toISOString(), days };
}
