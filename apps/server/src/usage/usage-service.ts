/**
 * Usage events (issue 49, part 1; packages/contract/src/usage-events.ts): what the server does
 * with a totem's batch, and the CSV export.
 *
 * A batch's events arrive unchecked (the contract says why): each is checked here against
 * UsageEvent and the rules a schema cannot say (a real instant, not too far ahead of our clock, a
 * page for `page_read`), refused with a French reason or turned into a row. Late events are never
 * refused: a totem offline for weeks sends them when it comes back, and they are filed at `at`.
 *
 * Idempotence: an event id is stored once per development. An id already stored with the same
 * content is a retry (`duplicates`); with other content it is a conflict — the first stays, the
 * conflict is logged and counted in `duplicates` too: the totem needs to know it may forget the
 * event (sending it again would change nothing), and what differs is for the log, not for it.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  RFC3339_PATTERN,
  USAGE_CSV_HEADER,
  USAGE_EVENT_KINDS,
  USAGE_MAX_BATCHES_PER_MINUTE,
  USAGE_MAX_FUTURE_SKEW_SECONDS,
  USAGE_TEXT_MAX_LENGTH,
  USAGE_ZONE_MAX_LENGTH,
  UsageEvent,
  type UsageBatch,
  type UsageBatchResult,
  type UsageRefusal,
} from '@plant-kiosk/contract';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import type { Repositories } from '../db/repositories/index.js';
import { csvField } from '../lib/csv.js';
import type { UsageCursor, UsageEventRow } from './usage-repository.js';

/** What each field must be, in French, for a refusal's reason. */
const FIELD_RULES: Record<keyof UsageEvent, string> = {
  id: 'de 8 à 64 caractères parmi A–Z, a–z, 0–9, « _ » et « - »',
  kind: `l’un de ${USAGE_EVENT_KINDS.join(', ')}`,
  at: 'un instant RFC 3339 avec secondes et fuseau (2026-03-10T09:00:00Z)',
  route: `un chemin commençant par « / », d’une ligne, de ${USAGE_TEXT_MAX_LENGTH} caractères au plus`,
  zone: `un nom d’une ligne de ${USAGE_ZONE_MAX_LENGTH} caractères au plus, ou null`,
  target: `un texte d’une ligne de ${USAGE_TEXT_MAX_LENGTH} caractères au plus, ou null`,
  language: '« fr », « en » ou null',
  session: 'de 8 à 64 caractères parmi A–Z, a–z, 0–9, « _ » et « - », ou null',
  page: 'un entier à partir de 1, ou null',
};

export const USAGE_MESSAGES = {
  unbound:
    'Ce jeton ne désigne encore aucun totem : envoyez un signal de vie pour obtenir un jeton à lui, puis renvoyez les évènements.',
  tooLarge: (maxBytes: number) =>
    `Lot d’évènements trop gros : ${Math.floor(maxBytes / 1024)} Kio au plus. Envoyez-le en plusieurs lots.`,
  tooMany: (seconds: number) =>
    `Trop de lots d’évènements pour ce totem : gardez-les et renvoyez-les dans ${seconds} s.`,
  stored: (result: UsageBatchResult) =>
    `${result.accepted} évènement(s) enregistré(s), ${result.duplicates} déjà reçu(s), ${result.refused.length} refusé(s).`,
  badRange:
    'Indiquez la période avec « from » et « to », deux instants RFC 3339 avec leur fuseau (2026-03-01T00:00:00Z), « from » avant « to ».',
} as const;

const INSTANT = new RegExp(RFC3339_PATTERN);
/** Compiled once: a batch checks up to 500 events, and a totem's backlog many batches. */
const eventCheck = TypeCompiler.Compile(UsageEvent);

/** An RFC 3339 instant as the store keeps it (UTC, milliseconds), or null when it is not one. */
export function parseInstant(text: string): string | null {
  if (!INSTANT.test(text)) return null;
  // Date.parse rolls impossible dates over (02-31 becomes 03-03) on some engines: each part must
  // be in range as written.
  const [year, month, day, hour, minute, second] = text
    .slice(0, 19)
    .split(/[-:Tt]/)
    .map(Number);
  const written = new Date(Date.UTC(year!, month! - 1, day!));
  if (written.getUTCMonth() !== month! - 1 || written.getUTCDate() !== day) return null;
  if (hour! > 23 || minute! > 59 || second! > 59) return null;
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text);
  if (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)) return null;
  const time = Date.parse(text.toUpperCase());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Why the value is not a UsageEvent (the first problem, in French), or null when it is one. */
function schemaProblem(value: unknown): string | null {
  if (eventCheck.Check(value)) return null;
  const first = eventCheck.Errors(value).First();
  if (!first || first.path === '') return 'l’évènement n’est pas un objet JSON';
  const field = first.path.slice(1).split('/')[0] ?? '';
  if (first.type === ValueErrorType.ObjectAdditionalProperties) {
    return `champ inconnu « ${field.slice(0, 40)} »`;
  }
  if (first.type === ValueErrorType.ObjectRequiredProperty) return `« ${field} » manquant`;
  if (field === 'kind' && typeof first.value === 'string') {
    return `type d’évènement inconnu « ${first.value.slice(0, 40)} » (attendu : ${FIELD_RULES.kind})`;
  }
  const rule = FIELD_RULES[field as keyof UsageEvent];
  return rule ? `« ${field} » : attendu ${rule}` : `« ${field} » refusé`;
}

/** The id to name a refused event by: the one it carries, when it is a short string. */
function idOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

/** The hash of what an event says (its id and arrival aside): tells a retry from a reused id. */
function fingerprint(row: Omit<UsageEventRow, 'fingerprint'>): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        row.kiosk_id,
        row.kind,
        row.at,
        row.route,
        row.zone,
        row.target,
        row.language,
        row.session,
        row.page,
      ]),
    )
    .digest('hex');
}

export interface CheckedEvent {
  row: UsageEventRow;
}

/** One event of a batch checked: its row, or why it is refused (French). */
export function checkEvent(
  value: unknown,
  context: { devid: number; kioskId: string; now: Date },
): CheckedEvent | { reason: string } {
  const problem = schemaProblem(value);
  if (problem) return { reason: problem };
  const event = value as UsageEvent;
  const at = parseInstant(event.at);
  if (at === null) return { reason: `« at » : date impossible « ${event.at} »` };
  const ahead = (Date.parse(at) - context.now.getTime()) / 1000;
  if (ahead > USAGE_MAX_FUTURE_SKEW_SECONDS) {
    return {
      reason: `« at » : ${Math.round(ahead)} s en avance sur l’horloge du serveur (${USAGE_MAX_FUTURE_SKEW_SECONDS} s au plus) — l’horloge du totem est-elle juste ?`,
    };
  }
  if (event.kind === 'page_read' && (event.page ?? null) === null) {
    return { reason: '« page » manquante : un évènement page_read dit quelle page a été lue' };
  }
  const content = {
    devid: context.devid,
    event_id: event.id,
    kiosk_id: context.kioskId,
    kind: event.kind,
    at,
    route: event.route,
    zone: event.zone ?? null,
    target: event.target ?? null,
    language: event.language ?? null,
    session: event.session ?? null,
    page: event.page ?? null,
    received_at: context.now.toISOString(),
  };
  return { row: { ...content, fingerprint: fingerprint(content) } };
}

/** An id stored before with other content: the first is kept (the caller logs it). */
export interface UsageConflict {
  index: number;
  id: string;
}

export interface IngestOutcome {
  result: UsageBatchResult;
  conflicts: UsageConflict[];
}

/** Checks and stores a totem's batch (one write transaction); what the totem is told. */
export async function ingestBatch(
  repos: Pick<Repositories, 'usage' | 'settings'>,
  input: { devid: number; kioskId: string; batch: UsageBatch; now: Date },
): Promise<IngestOutcome> {
  const { devid, kioskId, batch, now } = input;
  const refused: UsageRefusal[] = [];
  const conflicts: UsageConflict[] = [];
  /** The first event of each id in the batch; a later one with the same id is compared to it. */
  const firsts = new Map<string, { index: number; row: UsageEventRow }>();
  const repeats: Array<{ index: number; row: UsageEventRow }> = [];
  batch.events.forEach((value, index) => {
    const checked = checkEvent(value, { devid, kioskId, now });
    if ('reason' in checked) {
      refused.push({ index, id: idOf(value), reason: checked.reason });
      return;
    }
    if (firsts.has(checked.row.event_id)) repeats.push({ index, row: checked.row });
    else firsts.set(checked.row.event_id, { index, row: checked.row });
  });
  const rows = [...firsts.values()].map((entry) => entry.row);
  // The plant's days of the roll-ups are read in the zone of the development now (usage-rollups.ts).
  const stored =
    rows.length > 0
      ? await repos.usage.storeBatch(
          devid,
          kioskId,
          rows,
          batch.dropped ?? 0,
          now,
          (await repos.settings.live(devid)).timeZone,
        )
      : { inserted: new Set<string>(), existing: new Map<string, string>() };

  let duplicates = 0;
  for (const { index, row } of firsts.values()) {
    if (stored.inserted.has(row.event_id)) continue;
    duplicates++;
    const before = stored.existing.get(row.event_id);
    if (before !== undefined && before !== row.fingerprint) {
      conflicts.push({ index, id: row.event_id });
    }
  }
  for (const { index, row } of repeats) {
    duplicates++;
    if (firsts.get(row.event_id)?.row.fingerprint !== row.fingerprint) {
      conflicts.push({ index, id: row.event_id });
    }
  }
  return { result: { accepted: stored.inserted.size, duplicates, refused }, conflicts };
}

/**
 * Batches per totem per minute, counted in memory by this instance (a fixed window opened by the
 * totem's first batch). Several instances behind a balancer each allow the bound: a totem could
 * send a few times the bound at worst, which the bound's purpose — keeping one totem from flooding
 * the store — survives. Windows past their end are swept as new ones open.
 */
export class UsageRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly now: () => Date,
    private readonly max: number = USAGE_MAX_BATCHES_PER_MINUTE,
    private readonly windowMs: number = 60_000,
  ) {}

  /** Counts a batch of `key`; the seconds to wait when it is one too many, else 0. */
  take(key: string): number {
    const now = this.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs || now < window.start) {
      if (!window && this.windows.size >= 1000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    if (window.count >= this.max) {
      return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
    }
    window.count++;
    return 0;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

/** Rows read per page of the export: memory stays flat however long the range. */
const EXPORT_PAGE = 1000;

/**
 * The export, as a stream of CSV text: the header, then one line per event by time then id, read
 * page by page (keyset) so that months of events never sit in memory at once.
 */
export function usageCsv(
  repos: Pick<Repositories, 'usage' | 'kioskProfiles'>,
  input: { devid: number; from: string; to: string },
): Readable {
  const { devid, from, to } = input;
  const line = (cells: ReadonlyArray<string | null>) =>
    `${cells.map((cell) => csvField(cell, ',')).join(',')}\r\n`;
  async function* lines(): AsyncGenerator<string> {
    const profiles = await repos.kioskProfiles.byKiosk([devid]);
    yield line(USAGE_CSV_HEADER);
    let cursor: UsageCursor | null = null;
    for (;;) {
      const rows = await repos.usage.page(devid, from, to, cursor, EXPORT_PAGE);
      if (rows.length > 0) {
        yield rows
          .map((row) =>
            line([
              row.at,
              row.kiosk_id,
              profiles.get(`${devid}:${row.kiosk_id}`)?.name ?? null,
              row.kind,
              row.route,
              row.zone,
              row.target,
              row.language,
              row.session,
            ]),
          )
          .join('');
      }
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.at, eventId: last.event_id };
    }
  }
  return Readable.from(lines());
}
