/**
 * Build of the kiosk PWA.
 *
 * - `base: './'`: every URL in the build is relative, so the same dist works at `/`, under a
 *   sub-path, or from the content service's static route.
 * - Service worker: our own `src/sw.ts` (injectManifest), registered by main.tsx with
 *   `registerType: 'prompt'`: an update is applied only when the screen is idle (see
 *   src/app/pwa-update.ts), because a kiosk must never reload under someone's finger.
 * - Chunks: the initial load (entry + its static imports) is only what the login screen needs,
 *   ≤ 150 KB gzip (bundle split, decision 020; checked after every build by
 *   scripts/bundle-budget.mjs). The logged-in kiosk (router, local database, sync, frame), each
 *   page, PDF.js and the viewers are lazy chunks; all are still precached, so every route opens
 *   offline. The PDF.js worker is a local asset of several MB, hence the raised precache size
 *   limit.
 */
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const CONTENT_SERVICE = 'http://127.0.0.1:8080';
const PROXIED_PATHS = ['/display', '/clientauth', '/stream', '/media', '/pdf', '/config.json'];

/**
 * The product's version (root package.json, as the server reports it), fixed into the build: the
 * fleet view shows which build each totem runs (src/lib/config/app-version.ts). No commit hash:
 * an unchanged kiosk must build to the same files, or every totem would fetch an "update".
 */
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

// Palette of docs/product.md#constants.
const SABLE = '#fbf0e2';
const GRIS1 = '#49494a';

/**
 * Vendor chunking. Every node_modules package gets an explicit chunk: Rollup pulls the not yet
 * assigned dependencies of a manual chunk into it, so assigning only PDF.js and the viewers' libs
 * would drag React into them and make the initial chunk import them. With every package assigned,
 * the on-demand ones (PDF.js, carousel, zoom, QR) stay out of the initial load. Source modules
 * are never assigned by hand: the viewer components (and the PDF reader's modules that import
 * PDF.js, behind LazyPdfReader / LazyPdfPage) are only reached through dynamic imports, so
 * Rollup's default chunking keeps them — and PDF.js — behind their lazy boundaries.
 *
 * `vendor-kiosk` holds the packages only the logged-in kiosk uses (src/app/logged-in-kiosk.tsx,
 * a lazy chunk): the router and the local database. Any other package lands in `vendor`, loaded
 * at start: a new package used only after login belongs in KIOSK_ONLY_PACKAGES, or the initial
 * load grows (the bundle budget says so).
 */
const KIOSK_ONLY_PACKAGES = new Set([
  'react-router',
  'react-router-dom',
  'dexie',
  'dexie-react-hooks',
]);

function vendorChunk(id: string): string | undefined {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (!match) return undefined;
  const name = match[1]!;
  if (name === 'pdfjs-dist') return 'pdfjs';
  if (name.startsWith('embla-carousel')) return 'carousel';
  if (name === 'react-zoom-pan-pinch' || name === 'qrcode.react') return 'viewers-vendor';
  // The thumbnails' DOM-to-image library: loaded with the first thumbnail (issue 48), never at start.
  if (name === 'modern-screenshot') return 'thumbnail-vendor';
  if (KIOSK_ONLY_PACKAGES.has(name)) return 'vendor-kiosk';
  return 'vendor';
}

export default defineConfig({
  base: './',
  define: { __KIOSK_APP_VERSION__: JSON.stringify(APP_VERSION) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Totem — Informations site',
        short_name: 'Totem',
        description: 'Informations pratiques du site du Neubourg, en ligne comme hors ligne.',
        lang: 'fr',
        start_url: './',
        scope: './',
        display: 'fullscreen',
        orientation: 'portrait',
        theme_color: GRIS1,
        background_color: SABLE,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2,webmanifest,ico}'],
        // The PDF.js worker alone is over 1 MB; a kiosk offline must still open PDFs.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    // The PDF.js worker is big by nature; it is loaded on demand, not at start.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [
        path,
        { target: CONTENT_SERVICE, changeOrigin: true, ws: false },
      ]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: CONTENT_SERVICE, changeOrigin: true }]),
    ),
  },
});
