/**
 * A development's emergency alert as the back-office sees it (red button and acknowledgements,
 * decision 018), live and shared: the red button, the banner and the list of totems read the same
 * view through `useAlertView`, over one connection per development however many of them are on
 * screen. Without an alert it is a light poll (every 5 s, the band only has to learn that one
 * started); during an alert, and on the list page, the server-sent event stream (see `reconcile`).
 * Without EventSource (component tests, very old browsers) always the poll. Answers of the trigger
 * and the end are put in at once (`putView`), so the banner does not wait for the stream's echo.
 */
import {
  ALERT_EVENTS,
  pathOf,
  type AdminAlertView,
  type AdminStartAlertRequest,
} from '@plant-kiosk/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, call, callWithMessage, errorMessage } from '../../lib/api/client';
import { lastDevid } from '../../lib/current-development';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export interface AlertLiveState {
  view: AdminAlertView | null;
  live: LiveState;
  error: string | null;
}

const POLL_MS = 5_000;
const RECONNECT_MS = 5_000;
const INITIAL: AlertLiveState = { view: null, live: 'connecting', error: null };

interface Entry {
  devid: number;
  state: AlertLiveState;
  listeners: Set<() => void>;
  /** Subscribers that want the event stream even without an alert (the list page). */
  liveWanted: number;
  /** The connection in use: a poll or the event stream. */
  mode: 'poll' | 'stream' | null;
  stop: (() => void) | null;
}

const entries = new Map<number, Entry>();

function entryOf(devid: number): Entry {
  let entry = entries.get(devid);
  if (!entry) {
    entry = { devid, state: INITIAL, listeners: new Set(), liveWanted: 0, mode: null, stop: null };
    entries.set(devid, entry);
  }
  return entry;
}

function update(devid: number, patch: Partial<AlertLiveState>): void {
  const entry = entries.get(devid);
  if (!entry) return;
  entry.state = { ...entry.state, ...patch };
  for (const listener of [...entry.listeners]) listener();
  reconcile(entry);
}

/** Puts a view the server just answered (trigger, end, refused trigger). */
export function putView(view: AdminAlertView): void {
  update(view.devid, { view, error: null });
}

const read = (devid: number) =>
  call('adminAlert', { params: { devid } })
    .then((view) => {
      update(devid, { view, error: null });
      return true;
    })
    .catch((failure: unknown) => {
      update(devid, { error: errorMessage(failure) });
      return false;
    });

/**
 * Without an alert, the band only needs to learn that one started: a light poll (the page stays
 * "network idle" between two reads). During an alert, or on the list page, the event stream:
 * acknowledgements arrive within a second. Without EventSource, always the poll.
 */
function reconcile(entry: Entry): void {
  if (entry.listeners.size === 0) return;
  const streamable = typeof EventSource !== 'undefined';
  const wanted =
    streamable && (entry.liveWanted > 0 || entry.state.view?.alert) ? 'stream' : 'poll';
  if (entry.mode === wanted) return;
  entry.stop?.();
  entry.mode = wanted;
  entry.stop = wanted === 'stream' ? openStream(entry.devid) : poll(entry.devid);
}

function poll(devid: number): () => void {
  void read(devid);
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void read(devid);
  }, POLL_MS);
  return () => clearInterval(timer);
}

function openStream(devid: number): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const current = new EventSource(pathOf('adminAlertStream', { params: { devid } }), {
      withCredentials: true,
    });
    source = current;
    current.addEventListener(ALERT_EVENTS.view, (event) => {
      const view = JSON.parse((event as MessageEvent<string>).data) as AdminAlertView;
      update(devid, { view, live: 'live', error: null });
    });
    current.onerror = () => {
      update(devid, { live: 'reconnecting' });
      // EventSource retries network drops by itself, but gives up for good on an HTTP error: a
      // plain GET then says why (a 401 sends the user to the login page) and refreshes the view.
      if (current.readyState !== EventSource.CLOSED) return;
      void read(devid).then((ok) => {
        if (ok && !stopped) retry = setTimeout(open, RECONNECT_MS);
      });
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}

function subscribe(devid: number, listener: () => void, live: boolean): () => void {
  const entry = entryOf(devid);
  entry.listeners.add(listener);
  if (live) entry.liveWanted += 1;
  reconcile(entry);
  return () => {
    entry.listeners.delete(listener);
    if (live) entry.liveWanted -= 1;
    if (entry.listeners.size > 0) {
      reconcile(entry);
      return;
    }
    entry.stop?.();
    entry.stop = null;
    entry.mode = null;
    entries.delete(devid);
  };
}

/** The live view of `devid` (null: no development to watch). */
export function useAlertView(
  devid: number | null,
  options: { live?: boolean } = {},
): AlertLiveState {
  const live = options.live ?? false;
  // Stable per development: a new function each render would close and reopen the stream.
  const listen = useCallback(
    (listener: () => void) => (devid === null ? () => undefined : subscribe(devid, listener, live)),
    [devid, live],
  );
  return useSyncExternalStore(listen, () =>
    devid === null ? INITIAL : (entries.get(devid)?.state ?? INITIAL),
  );
}

/** The development of the screen's path (`/contenu/3`…), else the last one used. */
const DEV_PATH = /^\/(?:contenu|medias|reglages|modifications|historique|alerte)\/(\d+)/;

export function useAlertDevid(fallback: number | null): number | null {
  const { pathname } = useLocation();
  const match = DEV_PATH.exec(pathname);
  return match ? Number(match[1]) : (lastDevid() ?? fallback);
}

/** The red button's call. A refused trigger (another alert in force) still shows that alert. */
export async function triggerAlert(
  devid: number,
  body: AdminStartAlertRequest,
): Promise<{ view: AdminAlertView; message: string }> {
  try {
    const { data, message } = await callWithMessage('adminStartAlert', {
      params: { devid },
      body,
    });
    putView(data);
    return { view: data, message };
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 409 && failure.data) {
      putView(failure.data as AdminAlertView);
    }
    throw failure;
  }
}

export async function endAlert(devid: number): Promise<string> {
  const { data, message } = await callWithMessage('adminEndAlert', { params: { devid } });
  putView(data);
  return message;
}
