/**
 * Visits (issue 49's sessions): a visit starts at the first touch (or key) after a quiet spell
 * and ends when the kiosk goes back to rest. The timing is the kiosk's own (features/idle): the
 * inactivity countdown of the published settings (`inactivitySeconds`, « Fin de session
 * inactive », 600 s by default) or the Veille reader opening — whichever comes first; a visit
 * also ends after that long without a touch when the countdown is not running (no page frame,
 * e.g. behind the poster), which `check` sees.
 *
 * Engaged: a visit of two interactions or more. The contract has no field for it, so the visit's
 * `session_end` carries it as `target: 'engaged'` (null otherwise).
 */
import type { UsageRecorder } from './usage-recorder';

export const ENGAGED_TARGET = 'engaged';
/** Interactions from which a visit counts as engaged. */
export const ENGAGED_FROM = 2;

export interface UsageSessionOptions {
  recorder: Pick<UsageRecorder, 'record'>;
  now?: () => number;
  /** How long without a touch ends a visit (ms), read at each check. */
  idleMs: () => number;
  newId?: () => string;
}

export interface UsageSessions {
  /** The open visit's id, if any. */
  current(): string | null;
  /** Someone touched the screen or pressed a key. */
  interaction(): void;
  /** The kiosk went back to rest (the inactivity return, the Veille reader): the visit ends. */
  rest(): void;
  /** Ends the visit when it has had no touch for `idleMs`. */
  check(): void;
}

export function createUsageSessions(options: UsageSessionOptions): UsageSessions {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => crypto.randomUUID());
  let open: { id: string; interactions: number; last: number } | null = null;

  const end = () => {
    if (!open) return;
    const { id, interactions } = open;
    open = null;
    // Durable: the inactivity return reloads the page in the same tick.
    options.recorder.record(
      'session_end',
      { session: id, target: interactions >= ENGAGED_FROM ? ENGAGED_TARGET : null },
      { durable: true },
    );
  };

  return {
    current: () => open?.id ?? null,
    interaction() {
      const at = now();
      if (open && at - open.last >= options.idleMs()) end();
      if (!open) {
        open = { id: newId(), interactions: 0, last: at };
        options.recorder.record('session_start', { session: open.id });
      }
      open.interactions += 1;
      open.last = at;
    },
    rest: end,
    check() {
      if (open && now() - open.last >= options.idleMs()) end();
    },
  };
}
