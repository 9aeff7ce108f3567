/**
 * The kiosk's root: the login page while no token is stored (docs/product.md#screens), then the logged-in kiosk
 * (logged-in-kiosk.tsx). That one is a lazy chunk, with the router and the local database: the
 * initial load holds only what the login screen needs (compression and bundle split, decision 020).
 * The service worker precaches it, so a logged-in totem still starts offline; should it fail to
 * load all the same, the error screen offers "Recharger" instead of a blank screen.
 */
import { Component, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { LoginPage } from '../features/login/login-page';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import { clearSession, readSession, type Session } from '../lib/session/session';
import { ErrorScreen } from './error-screen';
import { lazyPage } from '../lib/lazy-with-retry/lazy-with-retry';

const LoggedInKiosk = lazyPage(() => import('./logged-in-kiosk'));
const PreviewKiosk = lazyPage(() => import('./preview-kiosk'));

export function App({ config }: { config: RuntimeConfig }) {
  const [session, setSession] = useState<Session | null>(() => readSession(config.devname));
  const logout = useCallback(() => {
    clearSession(config.devname);
    setSession(null);
  }, [config.devname]);
  // The totem's watchdog (issue 53) recognises the kiosk by this, on the login page too; its own
  // small chunk, out of the login's initial load.
  useEffect(() => {
    import('../features/totem-watchdog')
      .then(({ installWatchdogBridge }) => installWatchdogBridge())
      .catch((error: unknown) => console.warn('[watchdog] bridge not installed', error));
  }, []);

  if (!session) return <LoginPage config={config} onLoggedIn={setSession} />;
  return (
    <ShellErrorBoundary>
      {/* The chunk comes from the service worker's cache: a blank instant, no spinner. */}
      <Suspense fallback={null}>
        <LoggedInKiosk config={config} session={session} logout={logout} />
      </Suspense>
    </ShellErrorBoundary>
  );
}

/**
 * The kiosk in the back-office's preview (issue 46, preview-kiosk.tsx): no login, its own chunk
 * (a totem never loads it).
 */
export function PreviewApp({ config }: { config: RuntimeConfig }) {
  return (
    <ShellErrorBoundary>
      <Suspense fallback={null}>
        <PreviewKiosk config={config} />
      </Suspense>
    </ShellErrorBoundary>
  );
}

/**
 * Errors outside the router's own error elements: the logged-in kiosk's chunk that cannot be
 * loaded (ChunkLoadError after the retries), or a crash of the shell itself.
 */
class ShellErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error('[app] the kiosk failed to start', error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <ErrorScreen detail={error instanceof Error ? error.message : String(error)} />;
  }
}
