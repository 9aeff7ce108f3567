/**
 * Records usage events (issue 49) into the totem's database, cheaply: `record` builds the event
 * (a random id, the time, the page, the language and the visit it happened in) and queues it;
 * the queue is written in one bulk put at the end of the current task, so a tap that opens a page
 * in a visit (a tap, a page view, maybe a visit's start) costs one IndexedDB write, off the event
 * handler's path.
 *
 * A page reload cuts a write in flight (IndexedDB aborts the transactions of a document that
 * goes). The end of a visit happens just before one — the inactivity return reloads the page in
 * the same tick —, so such an event is `durable`: it is also written to the totem's storage at
 * once (synchronous), and the next start writes it to the database if it is not there already
 * (same id: written once, whatever happened).
 */
import type { UsageEvent, UsageEventKind } from '@plant-kiosk/contract';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { appendUsageEvents, enforceUsageBounds, type UsageBounds } from './usage-log';

/** Where the totem is when something happens. */
export interface UsagePlace {
  /** The hash path of the page (`/accueil/hse`). */
  route: string;
  /** The zone the page shows, when it shows one. */
  zone: string | null;
  /** The language shown. */
  language: 'fr' | 'en';
}

export interface UsageFields {
  target?: string | null;
  page?: number | null;
  zone?: string | null;
  language?: 'fr' | 'en';
  /** The visit; by default the one open now. */
  session?: string | null;
}

/** A synchronous key/value storage (the kiosk's localStorage), for the durable journal. */
export type JournalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface UsageRecorderOptions {
  db: KioskDb;
  now?: () => number;
  place: () => UsagePlace;
  /** The visit open now, if any. */
  session?: () => string | null;
  newId?: () => string;
  /** When the queue is written; by default at the end of the current task. */
  schedule?: (write: () => void) => void;
  /** The durable journal: storage and key (absent: no journal). */
  journal?: { storage: () => JournalStorage; key: string };
  /** The bounds are checked every so many events written. */
  boundsEvery?: number;
  bounds?: UsageBounds;
}

export interface UsageRecorder {
  record(kind: UsageEventKind, fields?: UsageFields, options?: { durable?: boolean }): UsageEvent;
  /** Writes what is queued now; resolves when it is in the database. */
  flush(): Promise<void>;
  /** Writes the journal's events left by a page that went (call once at start). */
  replayJournal(): Promise<void>;
  /** No more recording; the queue is still written. */
  stop(): void;
}

const TEXT_MAX = 300;
const clip = (text: string | null | undefined, max = TEXT_MAX): string | null =>
  text === null || text === undefined
    ? null
    : // One line, no control character (the contract refuses them), within the length.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      text.replace(/[\u0000-\u001F\u007F]/g, ' ').slice(0, max);

export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { db } = options;
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const schedule = options.schedule ?? ((write: () => void) => setTimeout(write, 0));
  const boundsEvery = options.boundsEvery ?? 200;
  let queue: UsageEvent[] = [];
  let scheduled = false;
  let stopped = false;
  let sinceBounds = 0;
  let writing: Promise<void> = Promise.resolve();

  const journalRead = (): UsageEvent[] => {
    if (!options.journal) return [];
    try {
      const raw = options.journal.storage().getItem(options.journal.key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as UsageEvent[]) : [];
    } catch {
      return [];
    }
  };
  const journalWrite = (events: UsageEvent[]) => {
    if (!options.journal) return;
    try {
      const storage = options.journal.storage();
      if (events.length === 0) storage.removeItem(options.journal.key);
      else storage.setItem(options.journal.key, JSON.stringify(events));
    } catch (error) {
      console.warn('[usage] the journal could not be written', error);
    }
  };

  const write = (): Promise<void> => {
    scheduled = false;
    const events = queue;
    queue = [];
    if (events.length === 0) return writing;
    writing = writing
      .then(async () => {
        await appendUsageEvents(db, events);
        // Written: the journal's copies are no longer needed.
        const written = new Set(events.map((event) => event.id));
        const journal = journalRead();
        if (journal.some((event) => written.has(event.id))) {
          journalWrite(journal.filter((event) => !written.has(event.id)));
        }
        sinceBounds += events.length;
        if (sinceBounds >= boundsEvery) {
          sinceBounds = 0;
          await enforceUsageBounds(db, now(), options.bounds);
        }
      })
      .catch((error: unknown) => {
        // A full or broken database: these events are lost, the kiosk goes on.
        console.error('[usage] events could not be kept', error);
      });
    return writing;
  };

  return {
    record(kind, fields = {}, recordOptions = {}) {
      const place = options.place();
      const event: UsageEvent = {
        id: newId(),
        kind,
        at: new Date(now()).toISOString(),
        route: clip(place.route)?.startsWith('/') ? clip(place.route)! : '/',
        zone: clip(fields.zone !== undefined ? fields.zone : place.zone, 120),
        target: clip(fields.target),
        language: fields.language ?? place.language,
        session: fields.session !== undefined ? fields.session : (options.session?.() ?? null),
        page: fields.page ?? null,
      };
      if (stopped) return event;
      if (recordOptions.durable) journalWrite([...journalRead(), event]);
      queue.push(event);
      if (!scheduled) {
        scheduled = true;
        schedule(() => void write());
      }
      return event;
    },
    flush: () => write(),
    async replayJournal() {
      const left = journalRead();
      if (left.length === 0) return;
      queue.push(...left);
      await write();
    },
    stop() {
      stopped = true;
    },
  };
}
