/** What the route plugins share: the store, the services built on it, and the configuration. */
import type { PublicationNotice } from '@plant-kiosk/contract';
import type { ServerConfig } from '../config.js';
import type { Repositories } from '../db/repositories/index.js';
import type { ContentVersions } from './content-versions.js';
import type { DeltaCache } from './delta-cache.js';
import type { EventBus } from './event-bus.js';
import type { MediaIntegrity, MediaLimits } from '../media/index.js';
import type { FrameProbe, PublishedFrameSources } from '../settings/index.js';
import type { ScryptCost } from './passwords.js';
import type { ResponseCache } from './response-cache.js';
import type { Secrets } from './secrets.js';
import type { SnapshotCache } from './snapshot-cache.js';
import type { StreamHub } from './stream-hub.js';
import type { TokenService } from './tokens.js';

export interface AppContext {
  repos: Repositories;
  config: ServerConfig;
  bus: EventBus;
  secrets: Secrets;
  now: () => Date;
  tokens: TokenService;
  versions: ContentVersions;
  responses: ResponseCache;
  snapshots: SnapshotCache;
  /** Delta sync answers (delta sync, decision 016), per development and revision asked. */
  deltas: DeltaCache;
  /** The origins the kiosk's page may frame: KIOSK_FRAME_SOURCES + published addresses. */
  frameSources: PublishedFrameSources;
  /** Whether a published frame address lets the kiosk frame it (asked, cached). */
  frameProbe: FrameProbe;
  streams: StreamHub;
  /** scrypt cost of the dummy verification run for unknown logins. */
  passwordCost: ScryptCost;
  /** Largest media upload of each kind (the contract's MEDIA_MAX_BYTES outside tests). */
  mediaMaxBytes: MediaLimits;
  /** Whether the library's files are on disk as stored (media integrity, decision 029). */
  mediaIntegrity: MediaIntegrity;
  /**
   * Four-eyes publishing's notices to the notifications (decision 048), where the back-office is
   * served: the publishing service hands them over after its commits (PublishDeps). Never
   * rejects: a notice that could not be recorded is logged.
   */
  notifyPublication?: (notice: PublicationNotice) => Promise<void>;
}
