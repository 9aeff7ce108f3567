import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from '@plant-kiosk/contract';
import {
  CONFIG_STORAGE_KEY,
  loadRuntimeConfig,
  resolveRuntimeConfig,
  type PageLocation,
} from './runtime-config';

const page: PageLocation = {
  href: 'http://totem.plant.lan:8080/kiosk/index.html#/accueil',
  origin: 'http://totem.plant.lan:8080',
  protocol: 'http:',
  hostname: 'totem.plant.lan',
};

const served: KioskConfig = {
  environment: 'dev',
  devname: 'neubourg',
  contentBaseUrl: '',
  authBaseUrl: 'https://auth.example.com/',
  streamBaseUrl: '/events',
  appVersion: '1.2.3',
};

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('runtime configuration', () => {
  it('fetches config.json next to the page, without cache, and stores it', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse(served)));

    const config = await loadRuntimeConfig({ fetch, location: page });

    expect(fetch).toHaveBeenCalledWith(
      'http://totem.plant.lan:8080/kiosk/config.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(config).toMatchObject({
      ...served,
      contentBase: 'http://totem.plant.lan:8080',
      authBase: 'https://auth.example.com',
      streamBase: 'http://totem.plant.lan:8080/events',
      pingIntervalMs: 15_000,
    });
    expect(JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY)!)).toEqual(served);
  });

  it('uses the stored copy when the server is unreachable', async () => {
    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ ...served, devname: 'autre' }));
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));

    const config = await loadRuntimeConfig({ fetch, location: page });

    expect(config.devname).toBe('autre');
    expect(config.authBase).toBe('https://auth.example.com');
  });

  it('ignores an answer that is not a configuration (an HTML page)', async () => {
    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(served));
    const fetch = vi.fn(() => Promise.resolve(new Response('<!doctype html>', { status: 200 })));

    const config = await loadRuntimeConfig({ fetch, location: page });

    expect(config.environment).toBe('dev');
  });

  it('falls back to same-origin prod defaults without server or stored copy', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse({ message: 'nope' }, 500)));

    const config = await loadRuntimeConfig({ fetch, location: page });

    expect(config).toMatchObject({
      environment: 'prod',
      devname: 'neubourg',
      contentBase: page.origin,
      authBase: page.origin,
      streamBase: page.origin,
      pingIntervalMs: 15_000,
    });
    expect(localStorage.getItem(CONFIG_STORAGE_KEY)).toBeNull();
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );

    const config = await loadRuntimeConfig({ fetch, location: page, timeoutMs: 10 });

    expect(config.environment).toBe('prod');
  });

  it('local environment: empty bases are the spec ports on the page host, ping every 3 s', () => {
    const config = resolveRuntimeConfig(
      { ...served, environment: 'local', authBaseUrl: '', streamBaseUrl: '' },
      page,
    );
    expect(config).toMatchObject({
      contentBase: 'http://totem.plant.lan:8081',
      authBase: 'http://totem.plant.lan:8082',
      streamBase: 'http://totem.plant.lan:8085',
      pingIntervalMs: 3000,
    });
  });
});
