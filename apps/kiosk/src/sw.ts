/// <reference lib="webworker" />
/**
 * The kiosk's service worker (vite-plugin-pwa, injectManifest).
 *
 * - App shell: every built file is precached, and any navigation inside the kiosk's scope gets the
 *   precached index.html, so a reload with the server down still shows the kiosk (routing is by
 *   hash, so one document serves every screen). Except a reload made to learn a new frame policy
 *   (`?policy=1`, published settings, decision 017): that one asks the network first (bounded
 *   wait), since the page's Content-Security-Policy comes with the document; when the network's
 *   page is the same build as the copy, the copy takes its headers, so later offline starts keep
 *   the policy.
 * - Media (`/media/…`, `/pdf/…`, on whatever origin the content service is): cache-first from
 *   `kiosk-media-v1`, the cache the sync engine fills after each sync and prunes. Range requests
 *   (video seeking) are answered from the full cached file. On a miss the network answers; only a
 *   complete 200 that is not an HTML page is kept (never a partial 206).
 * - `config.json`: network first, cached copy when the server is down.
 * - API calls (`/display/*`, `/clientauth`, `/stream/*`) are deliberately not routed: the worker
 *   does not call respondWith for them, so they go to the network untouched and fail honestly when
 *   offline (the app falls back to its local database).
 * - Updates: a new worker waits until the page posts `SKIP_WAITING`, which the shell does when the
 *   screen is idle — a kiosk must never reload under someone's finger.
 */
import {
  cacheNames,
  clientsClaim,
  type RouteHandlerCallback,
  type WorkboxPlugin,
} from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { MEDIA_CACHE_NAME } from './lib/media/media-url';
import { POLICY_RELOAD_PARAM, POLICY_RELOAD_TIMEOUT_MS } from './lib/config/frame-policy';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const CONFIG_CACHE_NAME = 'kiosk-config-v1';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// On first install, take control of the open kiosk at once so its media are served offline
// without waiting for a reload (later updates still wait for SKIP_WAITING).
clientsClaim();

/** Paths that belong to the server, not to the kiosk's single page. */
const SERVER_PATHS = [
  /^\/display\//,
  /^\/clientauth/,
  /^\/stream\//,
  /^\/api\//,
  /^\/admin(\/|$)/,
  /^\/media\//,
  /^\/pdf\//,
  /\/config\.json$/,
];

/**
 * The network's index.html for a policy reload, or null (offline, slow, an error): the caller then
 * serves the copy. When its body is the copy's (same build), it replaces the copy, headers and
 * all; a different build is left to the normal update path (its assets are not precached).
 */
async function freshShell(request: Request): Promise<Response | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), POLICY_RELOAD_TIMEOUT_MS);
  try {
    const response = await fetch(request.url, { cache: 'no-store', signal: controller.signal });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html'))
      return null;
    const body = await response.text();
    const copy = await matchPrecache('index.html');
    const cacheKey = getCacheKeyForURL('index.html');
    if (copy && cacheKey && (await copy.text()) === body) {
      const cache = await caches.open(cacheNames.precache);
      await cache.put(cacheKey, new Response(body, { headers: response.headers }));
    }
    return new Response(body, { status: response.status, headers: response.headers });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

try {
  const shell = createHandlerBoundToURL('index.html');
  const navigation: RouteHandlerCallback = async (options) => {
    if (new URL(options.request.url).searchParams.has(POLICY_RELOAD_PARAM)) {
      const fresh = await freshShell(options.request);
      if (fresh) return fresh;
    }
    return shell(options);
  };
  registerRoute(new NavigationRoute(navigation, { denylist: SERVER_PATHS }));
} catch (error) {
  // index.html is not in the manifest (a development build): navigations go to the network.
  console.warn('[sw] no precached index.html; navigation fallback disabled', error);
}

const isMediaPath = (pathname: string) =>
  pathname.startsWith('/media/') || pathname.startsWith('/pdf/');

/** Refuses to cache an HTML page served in place of a missing media file. */
const notHtml: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(
      (response.headers.get('Content-Type') ?? '').toLowerCase().includes('text/html')
        ? null
        : response,
    ),
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && isMediaPath(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE_NAME,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), notHtml, new RangeRequestsPlugin()],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.endsWith('/config.json'),
  new NetworkFirst({
    cacheName: CONFIG_CACHE_NAME,
    networkTimeoutSeconds: 5,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'SKIP_WAITING'
  )
    void self.skipWaiting();
});
