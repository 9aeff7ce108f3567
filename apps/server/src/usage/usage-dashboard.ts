/**
 * The usage dashboard (issue 49, part 2; packages/contract/src/usage-dashboard.ts): what people
 * read on the totems between two plant days, read from the roll-ups only (migration 024), never
 * from the raw events. The « top » lists read the range's whole months from the monthly items and
 * only the days of its partial months from the daily ones.
 *
 * Days are the plant's: the daily roll-ups are filed by plant day already; the heat map reads the
 * UTC hours of the range (from the first instant of `from` to the first of the day after `to`)
 * and places each on the plant's clock in its zone now. `group` is resolved through the fleet's
 * profiles (the totems whose groups hold it, ignoring case), `kioskId` narrows to one totem.
 */
import {
  addPlantDays,
  instantToPlantLocal,
  plantDayStart,
  USAGE_DASHBOARD_MAX_DAYS,
  USAGE_DASHBOARD_TOP,
  type UsageDashboard,
  type UsageDashboardQuery,
} from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import type { DailySums, ItemRange, TotemFilter } from './usage-repository.js';
import { DAILY_COUNTS, type UsageItem } from './usage-rollups.js';

const DAY_MS = 86_400_000;

export const USAGE_DASHBOARD_MESSAGES = {
  badDay: (name: string, value: string) =>
    `« ${name} » : la date ${value} n’existe pas (attendue sous la forme AAAA-MM-JJ).`,
  reversed: 'La période est à l’envers : « from » doit précéder « to » ou lui être égal.',
  tooLong: (days: number) =>
    `Période trop longue : ${days} jours demandés, ${USAGE_DASHBOARD_MAX_DAYS} au plus.`,
} as const;

/** A `YYYY-MM-DD` that is a real date, as UTC milliseconds; null otherwise. */
function dayMs(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  return date.getUTCDate() === day ? date.getTime() : null;
}

/** Why the range is refused (French, for a 400), or null when it is a range the dashboard reads. */
export function rangeProblem(from: string, to: string): string | null {
  const start = dayMs(from);
  if (start === null) return USAGE_DASHBOARD_MESSAGES.badDay('from', from);
  const end = dayMs(to);
  if (end === null) return USAGE_DASHBOARD_MESSAGES.badDay('to', to);
  if (start > end) return USAGE_DASHBOARD_MESSAGES.reversed;
  const days = (end - start) / DAY_MS + 1;
  return days > USAGE_DASHBOARD_MAX_DAYS ? USAGE_DASHBOARD_MESSAGES.tooLong(days) : null;
}

const sameGroup = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

/** The range's whole months, and the runs of days of its partial first and last months. */
export function itemRange(from: string, to: string): ItemRange {
  const months: string[] = [];
  const days: ItemRange['days'] = [];
  let runStart: string | null = null;
  let day = from;
  while (day <= to) {
    const month = day.slice(0, 7);
    const monthEnd = addPlantDays(`${addPlantDays(`${month}-01`, 32).slice(0, 7)}-01`, -1);
    if (day.endsWith('-01') && monthEnd <= to) {
      if (runStart !== null) days.push({ from: runStart, to: addPlantDays(day, -1) });
      runStart = null;
      months.push(month);
      day = addPlantDays(monthEnd, 1);
      continue;
    }
    runStart ??= day;
    const last = monthEnd < to ? monthEnd : to;
    day = addPlantDays(last, 1);
  }
  if (runStart !== null) days.push({ from: runStart, to });
  return { months, days };
}

/** The `limit` names with the most of `order`'s first item (then the next…, then by name). */
function top(
  counts: Map<string, Map<UsageItem, number>>,
  order: readonly UsageItem[],
  limit: number,
): Array<{ name: string; counts: number[] }> {
  return [...counts.entries()]
    .map(([name, byItem]) => ({ name, counts: order.map((item) => byItem.get(item) ?? 0) }))
    .sort((a, b) => {
      for (let i = 0; i < order.length; i++) {
        const difference = b.counts[i]! - a.counts[i]!;
        if (difference !== 0) return difference;
      }
      return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    })
    .slice(0, limit);
}

/** 1 = Monday … 7 = Sunday, of a `YYYY-MM-DD`. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The dashboard of a development whose range `rangeProblem` accepted. */
export async function usageDashboard(
  repos: Pick<Repositories, 'usage' | 'settings' | 'kioskProfiles'>,
  devid: number,
  query: UsageDashboardQuery,
): Promise<UsageDashboard> {
  const { from, to } = query;
  const [{ timeZone }, profiles] = await Promise.all([
    repos.settings.live(devid),
    repos.kioskProfiles.byKiosk([devid]),
  ]);
  const profileOf = (kioskId: string) => profiles.get(`${devid}:${kioskId}`);

  let totems: TotemFilter = { all: true };
  if (query.group !== undefined) {
    const group = query.group;
    const members = [...profiles.values()]
      .filter((profile) => profile.groups.some((name) => sameGroup(name, group)))
      .map((profile) => profile.kioskId)
      .filter((kioskId) => query.kioskId === undefined || kioskId === query.kioskId);
    totems = { all: false, kioskIds: members };
  } else if (query.kioskId !== undefined) {
    totems = { all: false, kioskIds: [query.kioskId] };
  }

  const hoursFrom = plantDayStart(from, timeZone).toISOString();
  const hoursTo = plantDayStart(addPlantDays(to, 1), timeZone).toISOString();
  const { usage } = repos;
  const range = itemRange(from, to);
  const [days, hours, perTotem, pageCounts, documentCounts, parcoursCounts] = await Promise.all([
    usage.days(devid, from, to, totems),
    usage.hours(devid, hoursFrom, hoursTo, totems),
    usage.perTotem(devid, from, to, totems),
    usage.itemCounts(devid, range, totems, ['page']),
    usage.itemCounts(devid, range, totems, ['document', 'read']),
    usage.itemCounts(devid, range, totems, ['parcours']),
  ]);
  const pages = top(pageCounts, ['page'], USAGE_DASHBOARD_TOP);
  const documents = top(documentCounts, ['document', 'read'], USAGE_DASHBOARD_TOP);
  const parcours = top(parcoursCounts, ['parcours'], USAGE_DASHBOARD_TOP);

  const sums = Object.fromEntries(DAILY_COUNTS.map((count) => [count, 0])) as DailySums;
  for (const row of days) for (const count of DAILY_COUNTS) sums[count] += row[count];
  const byDay = new Map(days.map((row) => [row.day, row]));
  const everyDay: UsageDashboard['days'] = [];
  for (let day = from; day <= to; day = addPlantDays(day, 1)) {
    const row = byDay.get(day);
    everyDay.push({
      day,
      sessions: row?.sessions ?? 0,
      engagedSessions: row?.engaged_sessions ?? 0,
      pageViews: row?.page_views ?? 0,
    });
  }

  const cells = new Map<number, UsageDashboard['heatmap'][number]>();
  for (const row of hours) {
    const local = instantToPlantLocal(row.hour_start, timeZone);
    const weekday = weekdayOf(local.date);
    const hour = Number(local.time.slice(0, 2));
    const key = weekday * 24 + hour;
    const cell = cells.get(key) ?? { weekday, hour, sessions: 0, pageViews: 0 };
    cell.sessions += row.sessions;
    cell.pageViews += row.page_views;
    cells.set(key, cell);
  }
  const heatmap = [...cells.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, cell]) => cell)
    .filter((cell) => cell.sessions > 0 || cell.pageViews > 0);

  const languages: UsageDashboard['languages'] = (
    [
      { language: 'fr', pageViews: sums.views_fr },
      { language: 'en', pageViews: sums.views_en },
      { language: 'unknown', pageViews: sums.views_unknown },
    ] as const
  )
    .filter((row) => row.pageViews > 0)
    .map((row) => ({ ...row }))
    .sort((a, b) => b.pageViews - a.pageViews);

  return {
    from,
    to,
    timeZone,
    totals: {
      sessions: sums.sessions,
      engagedSessions: sums.engaged_sessions,
      pageViews: sums.page_views,
      taps: sums.taps,
      documentsOpened: sums.documents_opened,
      pagesRead: sums.pages_read,
      alertsShown: sums.alerts_shown,
    },
    days: everyDay,
    heatmap,
    topPages: pages.map((row) => ({ route: row.name, pageViews: row.counts[0]! })),
    topDocuments: documents.map((row) => ({
      target: row.name,
      opens: row.counts[0]!,
      pagesRead: row.counts[1]!,
    })),
    languages,
    parcours: parcours.map((row) => ({ parcours: row.name, count: row.counts[0]! })),
    totems: perTotem
      .sort(
        (a, b) =>
          b.sessions - a.sessions ||
          b.page_views - a.page_views ||
          (a.kiosk_id < b.kiosk_id ? -1 : a.kiosk_id > b.kiosk_id ? 1 : 0),
      )
      .map((row) => {
        const profile = profileOf(row.kiosk_id);
        return {
          kioskId: row.kiosk_id,
          name: profile?.name ?? null,
          groups: profile?.groups ?? [],
          sessions: row.sessions,
          engagedSessions: row.engaged_sessions,
          pageViews: row.page_views,
        };
      }),
  };
}
