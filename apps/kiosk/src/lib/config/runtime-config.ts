/**
 * The kiosk's runtime configuration (environment, development name, service base URLs).
 *
 * It is fetched from the server at every start so that one build serves every plant, and a copy is
 * kept in localStorage because a totem must start with the network down: then the last copy wins,
 * and a totem that never reached the server falls back to same-origin defaults.
 */
import {
  LOCAL_PORTS,
  pathOf,
  type KioskConfig,
  type KioskEnvironment,
} from '@plant-kiosk/contract';

export interface RuntimeConfig extends KioskConfig {
  /** Absolute base URLs, without trailing slash. */
  contentBase: string;
  authBase: string;
  streamBase: string;
  /** Period of the `HEAD /display/ping` (docs/product.md#constants: 15 s, 3 s in `local`). */
  pingIntervalMs: number;
}

export const CONFIG_STORAGE_KEY = 'kiosk-config';
export const CONFIG_TIMEOUT_MS = 5000;
export const PING_INTERVAL_MS = 15_000;
export const LOCAL_PING_INTERVAL_MS = 3000;

export interface PageLocation {
  href: string;
  origin: string;
  protocol: string;
  hostname: string;
}

export interface LoadRuntimeConfigOptions {
  fetch?: typeof fetch;
  storage?: Storage;
  location?: PageLocation;
  timeoutMs?: number;
}

const ENVIRONMENTS: readonly KioskEnvironment[] = ['prod', 'dev', 'local'];

/** The configuration a totem uses when it has never reached the server. */
export function defaultKioskConfig(): KioskConfig {
  const env = import.meta.env as { VITE_DEVNAME?: string; VITE_APP_VERSION?: string };
  return {
    environment: 'prod',
    devname: env.VITE_DEVNAME ?? 'neubourg',
    contentBaseUrl: '',
    authBaseUrl: '',
    streamBaseUrl: '',
    appVersion: env.VITE_APP_VERSION ?? '0.0.0',
  };
}

/** Minimal shape check: a wrong `/config.json` (an HTML error page, a proxy's reply) is not used. */
export function parseKioskConfig(value: unknown): KioskConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!ENVIRONMENTS.includes(v.environment as KioskEnvironment)) return null;
  if (typeof v.devname !== 'string' || v.devname === '') return null;
  for (const key of ['contentBaseUrl', 'authBaseUrl', 'streamBaseUrl'] as const) {
    if (typeof v[key] !== 'string') return null;
  }
  return {
    environment: v.environment as KioskEnvironment,
    devname: v.devname,
    contentBaseUrl: v.contentBaseUrl as string,
    authBaseUrl: v.authBaseUrl as string,
    streamBaseUrl: v.streamBaseUrl as string,
    appVersion: typeof v.appVersion === 'string' ? v.appVersion : '0.0.0',
  };
}

function resolveBase(
  base: string,
  environment: KioskEnvironment,
  localPort: number,
  location: PageLocation,
): string {
  if (base !== '') return new URL(base, location.href).href.replace(/\/+$/, '');
  // docs/product.md#calls' local topology runs each service on its own port of the same machine.
  if (environment === 'local') return `http://${location.hostname}:${localPort}`;
  return location.origin;
}

/** Adds the resolved base URLs and ping period to a configuration. */
export function resolveRuntimeConfig(
  config: KioskConfig,
  location: PageLocation = window.location,
): RuntimeConfig {
  return {
    ...config,
    contentBase: resolveBase(
      config.contentBaseUrl,
      config.environment,
      LOCAL_PORTS.content,
      location,
    ),
    authBase: resolveBase(config.authBaseUrl, config.environment, LOCAL_PORTS.auth, location),
    streamBase: resolveBase(config.streamBaseUrl, config.environment, LOCAL_PORTS.stream, location),
    pingIntervalMs: config.environment === 'local' ? LOCAL_PING_INTERVAL_MS : PING_INTERVAL_MS,
  };
}

function readStored(storage: Storage): KioskConfig | null {
  try {
    const text = storage.getItem(CONFIG_STORAGE_KEY);
    return text === null ? null : parseKioskConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

async function fetchConfig(
  fetchImpl: typeof fetch,
  location: PageLocation,
  timeoutMs: number,
): Promise<KioskConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // Relative to the page (not to a base URL): the server that served the kiosk knows its topology.
    const url = new URL(pathOf('config').replace(/^\//, ''), location.href).href;
    const response = await fetchImpl(url, { cache: 'no-store', signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const config = parseKioskConfig(await response.json());
    if (!config) throw new Error('malformed configuration');
    return config;
  } finally {
    clearTimeout(timer);
  }
}

/** Fetches `/config.json`; on failure uses the stored copy, then the defaults. Never rejects. */
export async function loadRuntimeConfig(
  options: LoadRuntimeConfigOptions = {},
): Promise<RuntimeConfig> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const storage = options.storage ?? window.localStorage;
  const location = options.location ?? window.location;
  let config: KioskConfig;
  try {
    config = await fetchConfig(fetchImpl, location, options.timeoutMs ?? CONFIG_TIMEOUT_MS);
    try {
      storage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
    } catch (error) {
      console.warn('[config] could not store the configuration', error);
    }
  } catch (error) {
    console.warn('[config] /config.json unavailable, using the stored copy or defaults', error);
    config = readStored(storage) ?? defaultKioskConfig();
  }
  return resolveRuntimeConfig(config, location);
}
