/**
 * Serialized snapshots of each development, ready to send. A plant's snapshot can weigh ~15 MB of
 * JSON, so it is built and gzipped once per content version rather than once per kiosk: the entry
 * of a development is reused until its content_version changes or until the next sub-group
 * expiration date passes (the snapshot then changes by itself, without any publish).
 *
 * The ETag hashes the content only — not `generatedAt` — so that two builds of the same content
 * (after a restart, or on another instance) give the same tag and kiosks get their 304.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { LiveContentRepository } from '../db/repositories/index.js';
import type { ContentVersions } from './content-versions.js';
import { OK_MESSAGE } from './envelope.js';
import { VersionedCache, type VersionedEntry } from './versioned-cache.js';

const gzip = promisify(gzipCallback);

export interface SnapshotEntry extends VersionedEntry {
  etag: string;
  /** The whole envelope, serialized. */
  body: Buffer;
  gzipped(): Promise<Buffer>;
}

export class SnapshotCache {
  private readonly cache: VersionedCache<SnapshotEntry>;

  /**
   * The policy: one entry per development, never evicted (a plant has a handful of developments,
   * and each snapshot is asked by every totem of it).
   */
  constructor(
    private readonly content: LiveContentRepository,
    versions: ContentVersions,
    now: () => Date,
  ) {
    this.cache = new VersionedCache(versions, now, {
      maxEntries: Number.POSITIVE_INFINITY,
      maxBytes: Number.POSITIVE_INFINITY,
      sizeOf: (entry) => entry.body.length,
      evict: 'oldest',
    });
  }

  /** The current snapshot of a development, or undefined when the development does not exist. */
  async get(devid: number): Promise<SnapshotEntry | undefined> {
    return this.cache.get(String(devid), devid, (now) => this.build(devid, now));
  }

  clear(): void {
    this.cache.clear();
  }

  private async build(devid: number, now: Date): Promise<SnapshotEntry | undefined> {
    const snapshot = await this.content.snapshot(devid, now);
    if (!snapshot) return undefined;
    const nextExpiration = await this.content.nextExpiration(devid, now);
    const { generatedAt, ...content } = snapshot;
    const contentJson = JSON.stringify(content);
    const hash = createHash('sha256').update(contentJson).digest('base64url').slice(0, 27);
    // Spliced rather than serialized twice: `generatedAt` is appended to the data object so the
    // hash above covers exactly the rest of the body.
    const body = Buffer.from(
      `{"data":${contentJson.slice(0, -1)},"generatedAt":${JSON.stringify(generatedAt)}},` +
        `"message":${JSON.stringify(OK_MESSAGE)},"error":null}`,
    );
    let compressed: Promise<Buffer> | undefined;
    const entry: SnapshotEntry = {
      devid,
      version: snapshot.version,
      etag: `"${devid}-${snapshot.version}-${hash}"`,
      body,
      validFrom: now.getTime(),
      validUntil: nextExpiration ? Date.parse(nextExpiration) : Number.POSITIVE_INFINITY,
      gzipped: () =>
        // Level 1: JSON this repetitive still shrinks ~10×, at a fraction of level 6's CPU time.
        (compressed ??= gzip(body, { level: 1 }).catch((error: unknown) => {
          compressed = undefined;
          throw error;
        })),
    };
    return entry;
  }
}

/** Whether an If-None-Match header matches an ETag (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
