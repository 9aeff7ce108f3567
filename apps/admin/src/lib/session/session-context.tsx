/**
 * Who is logged in. The session itself is the HttpOnly cookie the server set; the page only keeps
 * the user and the CSRF token, recovered after a reload from GET /session — the probe that answers
 * 200 with null outside a session, so that opening the login page logs no 401 in the console
 * (compression and bundle split, decision 020). Any 401 from any other call ends the session here,
 * and the router sends the user back to the login page.
 */
import type { AdminLoginRequest, AdminUser } from '@plant-kiosk/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ApiError, call, setCsrfToken, setUnauthorizedHandler } from '../api/client';

export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous'; reason?: string }
  | { status: 'authenticated'; user: AdminUser };

export interface SessionValue {
  state: SessionState;
  login(credentials: AdminLoginRequest): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

const EXPIRED = 'Votre session a pris fin : reconnectez-vous.';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setCsrfToken(null);
      setState((current) =>
        current.status === 'authenticated' ? { status: 'anonymous', reason: EXPIRED } : current,
      );
    });
    const controller = new AbortController();
    call('adminSessionProbe', {}, { expectUnauthorized: true, signal: controller.signal })
      .then((session) => {
        if (!session) {
          setState({ status: 'anonymous' });
          return;
        }
        setCsrfToken(session.csrfToken);
        setState({ status: 'authenticated', user: session.user });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'anonymous',
          reason: error instanceof ApiError && error.status !== 401 ? error.message : undefined,
        });
      });
    return () => {
      controller.abort();
      setUnauthorizedHandler(null);
    };
  }, []);

  const login = useCallback(async (credentials: AdminLoginRequest) => {
    const session = await call('adminLogin', { body: credentials }, { expectUnauthorized: true });
    setCsrfToken(session.csrfToken);
    setState({ status: 'authenticated', user: session.user });
  }, []);

  const logout = useCallback(async () => {
    try {
      await call('adminLogout', {}, { expectUnauthorized: true });
    } finally {
      setCsrfToken(null);
      setState({ status: 'anonymous' });
    }
  }, []);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The logged-in user, or null outside a session (a component rendered on its own). */
export function useOptionalUser(): AdminUser | null {
  const value = useContext(SessionContext);
  return value?.state.status === 'authenticated' ? value.state.user : null;
}

/** The logged-in user; only for screens behind the login guard. */
export function useUser(): AdminUser {
  const { state } = useSession();
  if (state.status !== 'authenticated') throw new Error('useUser without a session');
  return state.user;
}
