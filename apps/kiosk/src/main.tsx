/**
 * Entry point: runtime configuration first (fetched, or the stored copy offline), then i18n, then
 * the app; the service worker is registered last so it never delays the first screen. Its update
 * policy is loaded on demand: it reads the UI store, whose dependencies (the local database) the
 * login screen does not need, so it stays out of the initial load (compression and bundle split,
 * decision 020).
 */
// Global styles first: component stylesheets, imported below, refine them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, PreviewApp } from './app/app';
import { lazyWithRetry } from './lib/lazy-with-retry/lazy-with-retry';
import { i18n, initI18n } from './i18n/i18n';
import { loadRuntimeConfig } from './lib/config/runtime-config';
import { installMediaFallback } from './lib/media/media-fallback';
import { installNavigationGuard } from './lib/navigation-guard/navigation-guard';
import { isPreview } from './lib/preview/preview-request';
import { restoreDurableSession } from './lib/session/session';
import { kioskStorage } from './lib/storage/kiosk-storage';

installNavigationGuard();
// The back-office's preview of the kiosk (issue 46) is no totem: no service worker, no login, and
// the configuration's copy kept in its own storage, not a totem's.
const preview = isPreview();
const config = await loadRuntimeConfig(preview ? { storage: kioskStorage() } : {});
// A session a power cut took from localStorage comes back from its durable copy (issue 53).
if (!preview) await restoreDurableSession(config.devname);
initI18n();
// Content-first sync: an image the totem cannot have shows "Image indisponible", never a broken
// icon.
installMediaFallback({ label: () => i18n.t('app.imageUnavailable') });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>{preview ? <PreviewApp config={config} /> : <App config={config} />}</StrictMode>,
);

if (!preview && 'serviceWorker' in navigator) {
  // Retried like a page's chunk: on a first start, a lost import would leave the totem without
  // its service worker, so without offline mode, until the next reload.
  lazyWithRetry(() => Promise.all([import('./app/pwa-update'), import('virtual:pwa-register')]))()
    .then(([{ startPwaUpdates }, { registerSW }]) => startPwaUpdates(registerSW))
    .catch((error: unknown) => console.error('[pwa] the service worker was not registered', error));
}
