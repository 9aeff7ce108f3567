/**
 * A totem's presence, in one word and in French (issue 48, part 1): the one rule the server's
 * fleet status, the back-office's fleet page and the metrics all read, so that no screen draws its
 * own green dot from a different idea of "online".
 *
 * - `online`: its event stream is open and was refreshed within FLEET_ONLINE_WINDOW_MS, or its
 *   heartbeat is the latest news of it and is that recent (a totem that reports but cannot keep a
 *   stream open is reachable; a stream that closed after the heartbeat means offline at once).
 * - `offline`: not online. A totem keeps working offline: it shows the revision it last reported,
 *   so the words say which, and since when.
 * - `silent`: offline and no sign of life for longer than `silentAfterMs` (FLEET_SILENT_FLAG_MS by
 *   default; part 2 makes it a setting of the development). Strictly longer: at the threshold it
 *   is still `offline`.
 * - `outside-hours`: not online while the development is closed (`openNow: false`: the server's
 *   fleet list asks the development's published opening hours, opening-hours.ts), so nothing is
 *   wrong with it. A caller that does not know the hours leaves `openNow` out (open). Issue 53
 *   switches screens off outside them and will add « écran éteint » here.
 * - `never-seen`: it logged in (it has an identity) but never reported (no `lastSeenAt`).
 *
 * The functions use no TypeBox; the schema of the value (at the end) is KioskStatus's `presence`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FLEET_ONLINE_WINDOW_MS, FLEET_SILENT_FLAG_MS } from './fleet-constants.js';

/** What the server knows of a totem's presence (KioskStatus's fields of the same names). */
export interface PresenceFacts {
  /** Its stream was marked open (by whichever instance holds it). */
  connected: boolean;
  /** Its last sign of life (stream open or close, presence refresh, heartbeat); null: never. */
  lastSeenAt: string | null;
  lastHeartbeatAt: string | null;
}

export interface PresenceOptions {
  /** No sign of life for longer than this: silent. Default FLEET_SILENT_FLAG_MS. */
  silentAfterMs?: number;
  /** Whether the development is within its opening hours now. Default true (part 2 sets it). */
  openNow?: boolean;
}

const at = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

/**
 * Its stream is open and fresh: a `connected` mark not refreshed within FLEET_ONLINE_WINDOW_MS is
 * the stream of a server instance that went away.
 */
export function streamAlive(facts: PresenceFacts, nowMs: number): boolean {
  return facts.connected && nowMs - at(facts.lastSeenAt) <= FLEET_ONLINE_WINDOW_MS;
}

/** The online rule (see the module's header). */
export function isOnline(facts: PresenceFacts, nowMs: number): boolean {
  if (streamAlive(facts, nowMs)) return true;
  const heartbeatAt = at(facts.lastHeartbeatAt);
  return nowMs - heartbeatAt <= FLEET_ONLINE_WINDOW_MS && heartbeatAt >= at(facts.lastSeenAt);
}

/** Milliseconds since its last sign of life (NaN when never seen). */
export function sinceLastSeen(facts: Pick<PresenceFacts, 'lastSeenAt'>, nowMs: number): number {
  return nowMs - at(facts.lastSeenAt);
}

export function totemPresence(
  facts: PresenceFacts,
  nowMs: number,
  options: PresenceOptions = {},
): TotemPresence {
  if (facts.lastSeenAt === null) return 'never-seen';
  if (isOnline(facts, nowMs)) return 'online';
  if (options.openNow === false) return 'outside-hours';
  const silentAfterMs = options.silentAfterMs ?? FLEET_SILENT_FLAG_MS;
  return sinceLastSeen(facts, nowMs) > silentAfterMs ? 'silent' : 'offline';
}

/** The state's name alone: a badge, a filter's option. */
export const PRESENCE_LABELS: Record<TotemPresence, string> = {
  online: 'En ligne',
  offline: 'Hors ligne',
  silent: 'Silencieux',
  'outside-hours': 'Hors des heures d’ouverture',
  'never-seen': 'Jamais vu',
};

/** What presenceText reads of a fleet entry. */
export interface PresenceTextInput {
  presence: TotemPresence;
  /** The revision it last reported (null: never synced). */
  contentVersion: number | null;
  lastSeenAt: string;
  /** For a never-seen totem: when it logged in. */
  firstSeenAt: string;
}

/**
 * The state in words. `formatTime` writes an instant as a date and time in the plant's zone
 * (« 27/11/2026 14:03 », the back-office's formatDate): the words put « le » before it.
 */
export function presenceText(
  input: PresenceTextInput,
  formatTime: (iso: string) => string,
): string {
  switch (input.presence) {
    case 'online':
      return PRESENCE_LABELS.online;
    case 'offline': {
      const when = formatTime(input.lastSeenAt);
      return input.contentVersion === null
        ? `Hors ligne depuis le ${when} — jamais synchronisé`
        : `Hors ligne — affiche la révision ${input.contentVersion} depuis le ${when}`;
    }
    case 'silent':
      return `Silencieux — aucune nouvelle depuis le ${formatTime(input.lastSeenAt)}`;
    case 'outside-hours':
      return PRESENCE_LABELS['outside-hours'];
    case 'never-seen':
      return `Jamais vu — identifié le ${formatTime(input.firstSeenAt)}, aucun rapport depuis`;
  }
}

/**
 * The presence of an entry from a server that predates the field (KioskStatus.presence is
 * optional): its `state` and `flag` say as much as they can.
 */
export function presenceOf(status: {
  presence?: TotemPresence;
  state: 'online' | 'offline';
  flag: string | null;
}): TotemPresence {
  if (status.presence !== undefined) return status.presence;
  if (status.state === 'online') return 'online';
  return status.flag === 'silent' ? 'silent' : 'offline';
}

/** The value on the wire (KioskStatus.presence). */
export const TotemPresence = Type.Union([
  Type.Literal('online'),
  Type.Literal('offline'),
  Type.Literal('silent'),
  Type.Literal('outside-hours'),
  Type.Literal('never-seen'),
]);
export type TotemPresence = Static<typeof TotemPresence>;
