/**
 * The back-office: the session first (GET /session tells whether the cookie is still good), then the
 * hash router. Hash routing because the server mounts the build as static files at /admin/ and
 * has no fallback for client paths; a reload on any screen still works.
 */
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../lib/session/session-context';
import { createAdminRouter } from './routes';

const router = createAdminRouter();

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
