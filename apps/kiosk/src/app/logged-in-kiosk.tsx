/**
 * The logged-in kiosk: background services started once (network monitor, stream, sync engine),
 * the poster gate, the router with its frame, the identify overlay of remote commands, and the
 * emergency takeover above everything.
 *
 * Power cuts (issue 53, decision 051): the local database is checked first (ensureKioskDb: a
 * damaged or silently emptied one is rebuilt and the next sync made a full snapshot). The services
 * and the router start once the check is over — within DB_CHECK_BOUND_MS at most, so the alert
 * stream is never held longer — while the emergency takeover never waits: it shows a latched alert
 * from the first render.
 *
 * Its own lazy chunk (app.tsx), with the router and the local database it brings (vite.config.ts
 * `vendor-kiosk`): the initial load is only what the login screen needs (compression and bundle
 * split, decision 020). The service worker precaches this chunk like every other, so a logged-in
 * totem starts offline as before.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createApiClient } from '../lib/api/api-client';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import { startKioskServices, type KioskServices } from './kiosk-services';
import { openKioskDb } from '../lib/local-db/kiosk-db';
import { ensureKioskDb } from '../lib/local-db/db-recovery';
import { EmergencyFallbackCard } from '../features/emergency-fallback';
import { readSession, type Session } from '../lib/session/session';
import { KioskContext, type KioskContextValue } from '../lib/kiosk-context/kiosk-context';
import { PosterGate } from './poster-gate';
import { restoreAlert } from '../features/emergency-alert/alert-store';
import { EmergencyAlertTakeover } from '../features/emergency-alert/emergency-alert-takeover';
import { IdentifyOverlay } from '../features/remote-commands';
import { noteUsageRoute } from '../features/usage';
import { createKioskRouter } from './routes';

/** How long the database check may take before the emergency numbers show in its place. */
const DB_SLOW_MS = 1000;

export interface LoggedInKioskProps {
  config: RuntimeConfig;
  session: Session;
  logout(): void;
}

export default function LoggedInKiosk({ config, session, logout }: LoggedInKioskProps) {
  const servicesRef = useRef<KioskServices | null>(null);
  // The token is read at each call, so a new login is picked up without rebuilding the client.
  const api = useMemo(
    () => createApiClient(config, () => readSession(config.devname)?.token ?? null),
    [config],
  );
  // Created in an effect so that each mount owns one router and disposes of it (its history
  // listener) when unmounted — also under StrictMode's mount/unmount/mount in development.
  const [router, setRouter] = useState<ReturnType<typeof createKioskRouter> | null>(null);
  // The services navigate through it (a remote « Changer de mode », issue 47).
  const routerRef = useRef<ReturnType<typeof createKioskRouter> | null>(null);
  useEffect(() => {
    const created = createKioskRouter();
    routerRef.current = created;
    setRouter(created);
    // Page views (issue 49): the usage log follows the router's location.
    noteUsageRoute(created.state.location.pathname);
    const unwatch = created.subscribe((state) => noteUsageRoute(state.location.pathname));
    return () => {
      unwatch();
      if (routerRef.current === created) routerRef.current = null;
      created.dispose();
    };
  }, []);

  // Emergency alerts: an alert latched before a reload is on screen at once, before any network.
  useState(() => restoreAlert(config.devname));
  const db = useMemo(() => openKioskDb(config.devname), [config.devname]);
  // The database check (power cuts): the screens that read the database wait for it, so they never
  // read one being deleted; bounded, it never holds them more than DB_CHECK_BOUND_MS.
  const [dbChecked, setDbChecked] = useState<string | null>(null);
  const dbReady = dbChecked === config.devname;
  // An IndexedDB slow to answer (a damaged one can take seconds): the built-in emergency numbers
  // rather than an empty frame, after a moment so that a normal start never flashes them.
  const [dbSlow, setDbSlow] = useState(false);
  useEffect(() => {
    if (dbReady) return;
    const timer = setTimeout(() => setDbSlow(true), DB_SLOW_MS);
    return () => clearTimeout(timer);
  }, [dbReady]);

  useEffect(() => {
    let cancelled = false;
    let services: KioskServices | null = null;
    void ensureKioskDb(config.devname, { devid: session.devid, db }).then(() => {
      if (cancelled) return;
      setDbChecked(config.devname);
      services = startKioskServices({
        config,
        session,
        api,
        db,
        // Forgotten in the back-office (issue 47): back to the login screen at once.
        logout,
        navigate: (path) => {
          if (routerRef.current) void routerRef.current.navigate(path);
          else window.location.hash = `#${path}`;
        },
      });
      servicesRef.current = services;
    });
    return () => {
      cancelled = true;
      if (!services) return;
      services.stop();
      if (servicesRef.current === services) servicesRef.current = null;
    };
  }, [config, session, api, db, logout]);

  const value = useMemo<KioskContextValue>(
    () => ({
      config,
      session,
      api,
      syncNow: (reason) => servicesRef.current?.syncNow(reason) ?? Promise.resolve(),
      logout,
    }),
    [config, session, api, logout],
  );

  return (
    <KioskContext.Provider value={value}>
      <PosterGate>
        {router && dbReady && <RouterProvider router={router} />}
        {!dbReady && dbSlow && <EmergencyFallbackCard devname={config.devname} />}
      </PosterGate>
      {/* « Identifier » (issue 47): above the page and the poster, below the takeover. */}
      <IdentifyOverlay />
      {/* Above everything, the poster included; covers the page without unmounting it. */}
      <EmergencyAlertTakeover db={db} config={config} />
    </KioskContext.Provider>
  );
}
