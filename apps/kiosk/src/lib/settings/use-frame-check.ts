/**
 * Whether a published frame address lets this kiosk frame it, as the content service found by
 * asking it (published settings, `GET /display/frames/:devid`): a refusal by the other site's
 * headers is invisible to the page, which would otherwise show the browser's error icon in the
 * frame.
 *
 * Asked when online and an address is set; remembered per address for CHECK_TTL_MS so that
 * opening the page again does not ask again. Unknown (null) until answered, and when the service
 * cannot say (offline, an older server, or its answer "unknown"): the frame is then simply tried.
 */
import type { DevelopmentSettings, FrameCheckStatus } from '@plant-kiosk/contract';
import { useEffect, useState } from 'react';
import { useKiosk } from '../kiosk-context/kiosk-context';

export const CHECK_TTL_MS = 60_000;

type FrameSetting = keyof Pick<DevelopmentSettings, 'suggestionFormUrl' | 'websiteUrl'>;

const known = new Map<string, { status: FrameCheckStatus; at: number }>();

/** Forgets the remembered answers (tests). */
export function forgetFrameChecks(): void {
  known.clear();
}

export function useFrameCheck(
  which: FrameSetting,
  url: string | null,
  online: boolean,
): FrameCheckStatus | null {
  const { api, session } = useKiosk();
  const remembered = url === null ? undefined : known.get(url);
  const fresh = remembered && Date.now() - remembered.at < CHECK_TTL_MS ? remembered : undefined;
  const [status, setStatus] = useState<FrameCheckStatus | null>(fresh?.status ?? null);

  useEffect(() => {
    setStatus(fresh?.status ?? null);
    if (url === null || !online || fresh) return undefined;
    const controller = new AbortController();
    api
      .frameChecks(session.devid, { signal: controller.signal })
      .then((checks) => {
        const check = checks[which];
        // The answer is about the address published now; a newer one is asked on its own.
        if (check === null || check.url !== url) return;
        // "unknown": the service cannot say now (its budget of requests is spent, or it never asks
        // such an address). The frame is tried, and the next opening asks again.
        if (check.status === 'unknown') return;
        known.set(url, { status: check.status, at: Date.now() });
        setStatus(check.status);
      })
      .catch(() => undefined);
    return () => controller.abort();
    // `fresh` is derived from `url` and the clock: asking again on each render is not wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, session.devid, which, url, online]);

  return status;
}
