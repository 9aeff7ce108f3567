/**
 * The kiosk in preview mode (issue 46): the real screens, routes and settings, over a local copy
 * of the back-office's preview snapshot — and nothing of a totem. No service worker (main.tsx
 * registers none), no stream, no sync, no fleet entry or heartbeat, no alert takeover, no content
 * refresh from the published API (content/use-online-refresh.ts); its keys live in memory
 * (lib/storage/kiosk-storage.ts) and its database is its own, deleted when the window closes.
 *
 * The runtime configuration's `devname` becomes the preview database's name: everything the kiosk
 * keys by development (its database, the latched alert, the sync's memory) is then the preview's.
 * A preview of a date runs the content's clock from that date (lib/clock/kiosk-clock.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import {
  dropPreviewDb,
  fetchPreviewSnapshot,
  PreviewLoadError,
  PreviewLoading,
  PreviewMarker,
  PreviewProblem,
  previewDbName,
  sweepPreviewDbs,
  writePreviewContent,
} from '../features/preview';
import { useConnectionStore } from '../features/network';
import { createApiClient } from '../lib/api/api-client';
import { setKioskNow } from '../lib/clock/kiosk-clock';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import { KioskContext, type KioskContextValue } from '../lib/kiosk-context/kiosk-context';
import { openKioskDb } from '../lib/local-db/kiosk-db';
import { previewRequest, type PreviewRequest } from '../lib/preview/preview-request';
import { watchStoredSettings } from '../lib/settings/settings-store';
import { PosterGate } from './poster-gate';
import { createKioskRouter } from './routes';

type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; dbName: string; request: PreviewRequest }
  | { status: 'failed'; message: string };

function messageOf(error: unknown): string {
  if (error instanceof PreviewLoadError) return error.message;
  return `Aperçu impossible : ${error instanceof Error ? error.message : String(error)}`;
}

export default function PreviewKiosk({ config }: { config: RuntimeConfig }) {
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let request: PreviewRequest | null;
    try {
      request = previewRequest();
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) });
      return undefined;
    }
    if (!request) return undefined;
    const asked = request;
    const dbName = previewDbName(asked.devid);
    let cancelled = false;
    setState({ status: 'loading' });
    sweepPreviewDbs().catch((error: unknown) =>
      console.warn('[preview] older preview databases were not swept', error),
    );
    if ('at' in asked.input) setKioskNow(Date.parse(asked.input.at));
    // A preview shows the screens of a totem that is online: no "hors ligne" banner.
    useConnectionStore.setState({ online: true, streamConnected: true });
    fetchPreviewSnapshot(asked)
      .then((snapshot) => writePreviewContent(dbName, snapshot))
      .then(() => {
        if (!cancelled) setState({ status: 'ready', dbName, request: asked });
      })
      .catch((error: unknown) => {
        console.error('[preview] the preview could not be loaded', error);
        if (!cancelled) setState({ status: 'failed', message: messageOf(error) });
      });
    // Closing the window (or the back-office's frame) leaves nothing behind.
    const drop = () => void dropPreviewDb(dbName);
    window.addEventListener('pagehide', drop);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', drop);
      drop();
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  if (state.status === 'loading') return <PreviewLoading />;
  if (state.status === 'failed') return <PreviewProblem message={state.message} onRetry={retry} />;
  return <ReadyPreview config={config} dbName={state.dbName} request={state.request} />;
}

function ReadyPreview({
  config,
  dbName,
  request,
}: {
  config: RuntimeConfig;
  dbName: string;
  request: PreviewRequest;
}) {
  const previewConfig = useMemo(() => ({ ...config, devname: dbName }), [config, dbName]);
  const [router, setRouter] = useState<ReturnType<typeof createKioskRouter> | null>(null);
  useEffect(() => {
    const created = createKioskRouter();
    setRouter(created);
    return () => created.dispose();
  }, []);
  // The published settings of the preview (timings, addresses) apply as on a totem.
  useEffect(() => watchStoredSettings(openKioskDb(dbName)), [dbName]);

  const value = useMemo<KioskContextValue>(
    () => ({
      config: previewConfig,
      // No token: a preview never calls the totems' API (no sync, no refresh, no heartbeat).
      session: { token: '', devid: request.devid },
      api: createApiClient(previewConfig, () => null),
      // "Synchroniser" on a preview loads it again: the back-office's band offers that too.
      syncNow: () => {
        window.location.reload();
        return Promise.resolve();
      },
      logout: () => undefined,
      localOnly: true,
    }),
    [previewConfig, request.devid],
  );

  return (
    <KioskContext.Provider value={value}>
      <PosterGate>{router && <RouterProvider router={router} />}</PosterGate>
      <PreviewMarker />
    </KioskContext.Provider>
  );
}
