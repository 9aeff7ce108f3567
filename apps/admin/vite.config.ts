/**
 * Build of the back-office SPA, served by the content service at /admin/.
 *
 * - `base: '/admin/'`: assets are referenced from the mount point, so deep links keep working.
 * - Hash routing (see src/app/routes.tsx): the server only has to serve index.html at /admin/,
 *   with no fallback rule for client-side paths.
 * - In development, the API, media and stream calls go to a content service on :8080, so the
 *   session cookie (Path=/api/admin, SameSite=Strict) stays same-origin.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const CONTENT_SERVICE = 'http://127.0.0.1:8080';
const PROXIED_PATHS = ['/api', '/media', '/pdf', '/config.json'];

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { target: 'es2022' },
  server: {
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: CONTENT_SERVICE, changeOrigin: true }]),
    ),
  },
});
