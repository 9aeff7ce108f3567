/**
 * Media integrity (issue 40, item 10; decision 029): whether each file of the media library is on
 * disk as it was stored. Kiosks keep a medium in Cache Storage for ever once they have it, so a
 * missing, cut or altered file must be noticed before it is served, and said where it can be fixed.
 *
 * Every library row names a file (and an uploaded image a thumbnail) with its size and, from
 * migration 014 on, the SHA-256 of the stored bytes. Two checks compare the disk with them:
 * - sizes, by `stat`: cheap, so run at start, after each upload and publish (and when another
 *   instance publishes), before each answer of /media and /pdf for a library file, and on the
 *   files a library listing or a publish names;
 * - hashes, in the background: one file at a time, streamed, with a pause between files, so the
 *   event loop and the disk stay free for requests. A file is hashed again whenever its size or
 *   modification time moves; a row without a hash yet (images uploaded before migration 014,
 *   thumbnails) gets the one computed, which is then the reference.
 *
 * Verdicts live in memory, per instance: each instance serves its own disk (a shared volume that
 * failed to mount on one instance is that instance's problem), and /healthz reports its own view.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaFileProblem } from '@plant-kiosk/contract';
import type { MediaRepository } from './media-repository.js';
import type { MediaRow } from '../db/schema.js';
import type { EventBus } from '../lib/event-bus.js';

/** `pending`: its size is right, its content not checked yet (or moved since). */
export type MediaFileState = 'pending' | 'ok' | MediaFileProblem;

/** What /healthz reports (`media`). */
export interface MediaIntegritySummary {
  /** Library files (kiosk-size files and thumbnails) this instance checks. */
  files: number;
  /** Files whose check is complete (found right, missing or damaged). */
  checked: number;
  missing: number;
  /** Of the wrong size, or whose content changed. */
  damaged: number;
  /** Right size, content not checked yet. */
  pending: number;
}

export interface MediaIntegrityLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MediaIntegrityOptions {
  /** DATA_DIR/media. */
  root: string;
  repo: Pick<MediaRepository, 'list' | 'recordHashes'>;
  log: MediaIntegrityLog;
  /** Another instance's publish reaches this one's checks (PostgreSQL bus). */
  bus?: Pick<EventBus, 'onInvalidate'>;
  /** Pause between two files of the hash pass; default 25 ms. */
  pauseMs?: number;
  /** Delay of a refresh asked by a content signal (they come in bursts); default 2 s. */
  refreshDelayMs?: number;
}

interface Entry {
  path: string;
  mediaid: number;
  role: 'file' | 'thumbnail';
  /** Expected size; null for a thumbnail stored before migration 014 (taken from the disk). */
  size: number | null;
  /** Expected SHA-256 of the stored bytes; null until computed. */
  sha256: string | null;
  state: MediaFileState;
  /** `size:mtime` of the file when `state` was reached by hashing it. */
  seen: string | null;
}

const STAT_BATCH = 16;
const fingerprint = (size: number, mtimeMs: number) => `${size}:${mtimeMs}`;
const isProblem = (state: MediaFileState): state is MediaFileProblem =>
  state === 'missing' || state === 'wrong-size' || state === 'changed';

/** SHA-256 (hex) of a file, streamed. */
export async function sha256File(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { signal, highWaterMark: 256 * 1024 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

export class MediaIntegrity {
  private readonly entries = new Map<string, Entry>();
  private readonly queue = new Set<string>();
  private readonly abort = new AbortController();
  private hashing: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private stopSignals: (() => void) | undefined;
  /** The first load: answers wait for it, so no library file passes unchecked at start. */
  private ready: Promise<void> | undefined;

  constructor(private readonly options: MediaIntegrityOptions) {}

  /** Loads the library and checks every size; the hash pass then runs in the background. */
  async start(): Promise<void> {
    this.stopSignals = this.options.bus?.onInvalidate((signal) => {
      if (signal.kind !== 'tokens') this.refreshSoon();
    });
    const first = this.refresh();
    this.ready = first.catch(() => undefined);
    await first;
  }

  /** Stops the hash pass (the file being read is abandoned) and the refreshes. */
  async close(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.refreshTimer);
    this.stopSignals?.();
    await this.hashing;
    await this.refreshing?.catch(() => undefined);
  }

  /**
   * Reads the library's rows again (uploads and deletions made through another instance) and
   * checks every size. Calls made while one runs share it, plus one more round.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        await this.reload();
      } while (this.refreshAgain && !this.abort.signal.aborted);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** A refresh shortly (content signals come in bursts); failures are logged. */
  refreshSoon(): void {
    if (this.abort.signal.aborted) return;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refresh().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'media integrity: could not read the library'),
      );
    }, this.options.refreshDelayMs ?? 2000);
    this.refreshTimer.unref?.();
  }

  /**
   * The rows' files, checked now (size; content as last hashed): path → state. Rows unknown so
   * far (uploaded through another instance) are taken in.
   */
  async check(rows: readonly MediaRow[]): Promise<Map<string, MediaFileState>> {
    await this.ready;
    for (const row of rows) this.track(row);
    const paths = rows.flatMap((row) => [
      row.path,
      ...(row.thumbnail_path ? [row.thumbnail_path] : []),
    ]);
    await this.inspectAll(paths);
    const states = new Map<string, MediaFileState>();
    for (const path of paths) {
      const entry = this.entries.get(path);
      if (entry) states.set(path, entry.state);
    }
    return states;
  }

  /** The state of a library file checked now, for serving it; null for a file not in the library. */
  async verdict(path: string): Promise<MediaFileState | null> {
    await this.ready;
    const entry = this.entries.get(path);
    if (!entry) return null;
    await this.inspect(entry);
    return entry.state;
  }

  /** A deleted row's files are no longer checked. */
  forget(row: Pick<MediaRow, 'path' | 'thumbnail_path'>): void {
    for (const path of [row.path, row.thumbnail_path]) {
      if (!path) continue;
      this.entries.delete(path);
      this.queue.delete(path);
    }
  }

  summary(): MediaIntegritySummary {
    const summary: MediaIntegritySummary = {
      files: 0,
      checked: 0,
      missing: 0,
      damaged: 0,
      pending: 0,
    };
    for (const { state } of this.entries.values()) {
      summary.files++;
      if (state === 'pending') summary.pending++;
      else summary.checked++;
      if (state === 'missing') summary.missing++;
      else if (state === 'wrong-size' || state === 'changed') summary.damaged++;
    }
    return summary;
  }

  /** Resolves once no refresh runs and the hash pass has nothing left (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.refreshing || this.hashing) {
      await this.refreshing;
      await this.hashing;
    }
  }

  private async reload(): Promise<void> {
    const rows = await this.options.repo.list();
    const known = new Set<string>();
    for (const row of rows) {
      this.track(row);
      known.add(row.path);
      if (row.thumbnail_path) known.add(row.thumbnail_path);
    }
    for (const path of this.entries.keys()) {
      if (!known.has(path)) {
        this.entries.delete(path);
        this.queue.delete(path);
      }
    }
    await this.inspectAll([...this.entries.keys()]);
  }

  /** Takes in a row's expectations; a changed expectation is checked again. */
  private track(row: MediaRow): void {
    const expected: Omit<Entry, 'state' | 'seen'>[] = [
      {
        path: row.path,
        mediaid: row.mediaid,
        role: 'file',
        size: Number(row.size),
        sha256: row.file_sha256 ?? null,
      },
    ];
    if (row.thumbnail_path) {
      expected.push({
        path: row.thumbnail_path,
        mediaid: row.mediaid,
        role: 'thumbnail',
        size: row.thumbnail_size == null ? null : Number(row.thumbnail_size),
        sha256: row.thumbnail_sha256 ?? null,
      });
    }
    for (const next of expected) {
      const entry = this.entries.get(next.path);
      if (
        entry &&
        entry.mediaid === next.mediaid &&
        entry.sha256 === next.sha256 &&
        (next.size === null || entry.size === next.size)
      ) {
        continue;
      }
      this.entries.set(next.path, { ...next, state: 'pending', seen: null });
    }
  }

  private async inspectAll(paths: readonly string[]): Promise<void> {
    for (let i = 0; i < paths.length; i += STAT_BATCH) {
      await Promise.all(
        paths.slice(i, i + STAT_BATCH).map(async (path) => {
          const entry = this.entries.get(path);
          if (entry) await this.inspect(entry);
        }),
      );
    }
  }

  /** The size check: missing, wrong size, or (when it moved since its last hash) pending. */
  private async inspect(entry: Entry): Promise<void> {
    let size: number;
    let mtimeMs: number;
    try {
      const info = await stat(join(this.options.root, entry.path));
      if (!info.isFile()) throw new Error('not a file');
      ({ size, mtimeMs } = info);
    } catch {
      this.settle(entry, 'missing', null);
      return;
    }
    if (entry.size !== null && size !== entry.size) {
      this.settle(entry, 'wrong-size', null);
      return;
    }
    const seen = fingerprint(size, mtimeMs);
    if (entry.seen === seen && (entry.state === 'ok' || entry.state === 'changed')) return;
    if (entry.state !== 'pending') this.settle(entry, 'pending', null);
    this.enqueue(entry.path);
  }

  private enqueue(path: string): void {
    this.queue.add(path);
    if (this.hashing || this.abort.signal.aborted) return;
    this.hashing = this.drain().finally(() => {
      this.hashing = null;
      if (this.queue.size > 0 && !this.abort.signal.aborted) this.enqueue([...this.queue][0]!);
    });
  }

  /** The hash pass: one file at a time, a pause between files. */
  private async drain(): Promise<void> {
    const { signal } = this.abort;
    while (this.queue.size > 0 && !signal.aborted) {
      await sleep(this.options.pauseMs ?? 25, undefined, { signal }).catch(() => undefined);
      const [path] = this.queue;
      if (path === undefined || signal.aborted) break;
      this.queue.delete(path);
      const entry = this.entries.get(path);
      if (!entry) continue;
      try {
        await this.hash(entry);
      } catch (error) {
        if (!signal.aborted) {
          this.options.log.error({ err: error, path }, 'media integrity: could not check a file');
        }
      }
    }
  }

  private async hash(entry: Entry): Promise<void> {
    const file = join(this.options.root, entry.path);
    const fingerprintNow = async () => {
      const info = await stat(file);
      return { size: info.size, seen: fingerprint(info.size, info.mtimeMs) };
    };
    let before: { size: number; seen: string };
    let digest: string;
    try {
      before = await fingerprintNow();
      digest = await sha256File(file, this.abort.signal);
    } catch (error) {
      if (this.abort.signal.aborted) return;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.settle(entry, 'missing', null);
        return;
      }
      throw error;
    }
    const after = await fingerprintNow().catch(() => null);
    // Written to while read, or its row replaced meanwhile: look again later.
    if (after?.seen !== before.seen || this.entries.get(entry.path) !== entry) {
      if (this.entries.has(entry.path)) this.queue.add(entry.path);
      return;
    }
    if (entry.size !== null && before.size !== entry.size) {
      this.settle(entry, 'wrong-size', null);
      return;
    }
    if (entry.sha256 === null) {
      // No reference yet (stored before migration 014): this content becomes it.
      entry.sha256 = digest;
      entry.size ??= before.size;
      await this.options.repo.recordHashes(
        entry.mediaid,
        entry.role === 'file'
          ? { file_sha256: digest }
          : { thumbnail_sha256: digest, thumbnail_size: before.size },
      );
    }
    this.settle(entry, digest === entry.sha256 ? 'ok' : 'changed', before.seen);
  }

  /** Moves an entry to a state; a file going wrong, or right again, is logged once. */
  private settle(entry: Entry, state: MediaFileState, seen: string | null): void {
    const was = entry.state;
    entry.state = state;
    entry.seen = seen;
    if (was === state) return;
    const { path } = entry;
    if (isProblem(state)) {
      this.options.log.warn(
        { path, problem: state },
        state === 'missing'
          ? 'media file missing: it is not served'
          : 'media file damaged: it is not served',
      );
    } else if (isProblem(was) && state === 'ok') {
      this.options.log.info({ path }, 'media file right again');
    }
  }
}
