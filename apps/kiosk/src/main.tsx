/**
 * Entry point: runtime configuration first (fetched, or the stored copy offline), then i18n, then
 * the app; the service worker is registered last so it never delays the first screen.
 */
// Global styles first: component stylesheets, imported below, refine them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/app';
import { startPwaUpdates } from './app/pwa-update';
import { initI18n } from './i18n/i18n';
import { loadRuntimeConfig } from './lib/config/runtime-config';
import { installNavigationGuard } from './lib/navigation-guard/navigation-guard';

installNavigationGuard();
const config = await loadRuntimeConfig();
initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App config={config} />
  </StrictMode>,
);

if ('serviceWorker' in navigator) startPwaUpdates(registerSW);
