/**
 * Test support for the shell: renders a piece of UI inside a memory router and the logged-in
 * kiosk context, with an API client that has no network (as an offline totem), and resets the
 * UI store between tests.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { applyLanguage, initI18n } from '../../i18n/i18n';
import { createApiClient, type ApiClient } from '../../lib/api/api-client';
import type { RuntimeConfig } from '../../lib/config/runtime-config';
import { resetSettings } from '../../lib/settings/settings-store';
import { forgetFrameChecks } from '../../lib/settings/use-frame-check';
import { initialUiState, useUiStore } from '../../lib/ui-store/ui-store';
import { KioskContext, type KioskContextValue } from '../../lib/kiosk-context/kiosk-context';

export const TEST_CONFIG: RuntimeConfig = {
  environment: 'prod',
  devname: 'shell-test',
  contentBaseUrl: '',
  authBaseUrl: '',
  streamBaseUrl: '',
  appVersion: 'test',
  contentBase: 'http://kiosk.test',
  authBase: 'http://kiosk.test',
  streamBase: 'http://kiosk.test',
  pingIntervalMs: 15_000,
};

/** An API client whose every call fails like a network cut. */
export function offlineApi(): ApiClient {
  return createApiClient(TEST_CONFIG, () => null, {
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  });
}

export function kioskValue(overrides: Partial<KioskContextValue> = {}): KioskContextValue {
  return {
    config: TEST_CONFIG,
    session: { token: 'test-token', devid: 1 },
    api: offlineApi(),
    syncNow: () => Promise.resolve(),
    logout: () => {},
    ...overrides,
  };
}

/** Fresh UI state (it reads `totem`/`parcours` from localStorage, so set those first). */
export function resetShellState() {
  initI18n();
  applyLanguage('fr');
  resetSettings();
  forgetFrameChecks();
  useUiStore.setState(initialUiState());
  document.title = '';
}

export interface RenderOptions {
  /** Initial path of the memory router. */
  path?: string;
  /** Full route tree; by default `ui` is rendered on every path. */
  routes?: RouteObject[];
  kiosk?: Partial<KioskContextValue>;
}

export function renderInKiosk(ui: ReactElement | null, options: RenderOptions = {}) {
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <KioskContext.Provider value={kioskValue(options.kiosk)}>
      <RouterProvider router={router} />
    </KioskContext.Provider>,
  );
  return { ...result, router };
}
