/**
 * A screen that needs the back-office's session, outside the frame (the kiosk preview, issue 46):
 * while the session is read, a wait; without one, the login page in place of the screen — the
 * address stays, so once signed in the screen asked shows.
 */
import type { ReactNode } from 'react';
import { Loading } from '../components/page';
import { LoginPage } from '../features/login/login-page';
import { useSession } from '../lib/session/session-context';

export function SessionGate({ children, waiting }: { children: ReactNode; waiting: string }) {
  const { state } = useSession();
  if (state.status === 'loading') {
    return (
      <main className="login">
        <Loading label={waiting} />
      </main>
    );
  }
  if (state.status === 'anonymous') return <LoginPage />;
  return children;
}
