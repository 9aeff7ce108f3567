/**
 * The fleet's live channel, shared by the fleet page and a totem's page: the list comes first from
 * the SSE channel's `fleet` event (or GET when EventSource is missing), then each `kiosk` event
 * replaces one row. The session cookie goes with the EventSource request because it is
 * same-origin. `devid` narrows both to one development (a totem's page needs only its own).
 */
import { FLEET_EVENTS, pathOf, type KioskStatus } from '@plant-kiosk/contract';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { call, errorMessage } from '../../lib/api/client';

export type Live = 'connecting' | 'live' | 'reconnecting';

const RECONNECT_MS = 5_000;

export const keyOf = (kiosk: Pick<KioskStatus, 'devid' | 'kioskId'>) =>
  `${kiosk.devid}/${kiosk.kioskId}`;

export interface FleetLive {
  /** Every totem by `keyOf`; null until the first answer. */
  kiosks: Map<string, KioskStatus> | null;
  /** For changes the page knows before the channel tells (a saved profile, a forgotten totem). */
  setKiosks: Dispatch<SetStateAction<Map<string, KioskStatus> | null>>;
  error: string | null;
  live: Live;
}

export function useFleetLive(devid?: number): FleetLive {
  const [kiosks, setKiosks] = useState<Map<string, KioskStatus> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<Live>('connecting');

  useEffect(() => {
    const query = devid === undefined ? {} : { devid };
    const fetchList = () =>
      call('adminFleet', { query })
        .then((list) => {
          setKiosks(new Map(list.map((k) => [keyOf(k), k])));
          return true;
        })
        .catch((failure: unknown) => {
          setError(errorMessage(failure));
          return false;
        });
    if (typeof EventSource === 'undefined') {
      void fetchList();
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const current = new EventSource(pathOf('adminFleetStream', { query }), {
        withCredentials: true,
      });
      source = current;
      // A reconnection that resumes from its Last-Event-ID may bring no list at all (nothing
      // changed meanwhile): the channel is live again once open, not only at a `fleet` event.
      current.onopen = () => setLive('live');
      current.addEventListener(FLEET_EVENTS.list, (event) => {
        const list = JSON.parse((event as MessageEvent<string>).data) as KioskStatus[];
        setKiosks(new Map(list.map((k) => [keyOf(k), k])));
        setLive('live');
        setError(null);
      });
      current.addEventListener(FLEET_EVENTS.kiosk, (event) => {
        const kiosk = JSON.parse((event as MessageEvent<string>).data) as KioskStatus;
        setKiosks((known) => new Map(known ?? []).set(keyOf(kiosk), kiosk));
      });
      current.onerror = () => {
        setLive('reconnecting');
        // EventSource retries network drops by itself, but gives up for good on an HTTP error.
        // A plain GET then tells why: a 401 sends the user to the login page (client handler);
        // otherwise the list is refreshed and the live channel reopened a little later.
        if (current.readyState !== EventSource.CLOSED) return;
        void fetchList().then((ok) => {
          if (ok && !stopped) retry = setTimeout(connect, RECONNECT_MS);
        });
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [devid]);

  return { kiosks, setKiosks, error, live };
}

/** The channel's state, for a page's header. */
export function liveText(live: Live): string {
  return live === 'live' ? '● En direct' : live === 'connecting' ? 'Connexion…' : 'Reconnexion…';
}
