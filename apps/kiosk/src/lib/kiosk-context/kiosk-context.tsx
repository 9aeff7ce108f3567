/**
 * What the logged-in kiosk shares with every screen: the runtime configuration, the session, the
 * API client and the running services. Provided once by the App root after login.
 */
import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/api-client';
import type { RuntimeConfig } from '../config/runtime-config';
import type { Session } from '../session/session';

export interface KioskContextValue {
  config: RuntimeConfig;
  session: Session;
  api: ApiClient;
  /** Runs a sync now (coalesced with any running one). */
  syncNow(reason: string): Promise<void>;
  /** Forgets the session and shows the login page again. */
  logout(): void;
  /**
   * The local copy is all there is: screens never refresh it from the network (a preview, issue
   * 46: its copy is the preview snapshot, which a refresh would overwrite with the published
   * content). Absent: a totem, which refreshes.
   */
  localOnly?: boolean;
}

export const KioskContext = createContext<KioskContextValue | null>(null);

export function useKiosk(): KioskContextValue {
  const value = useContext(KioskContext);
  if (!value) throw new Error('useKiosk() must be used inside the logged-in kiosk (KioskContext).');
  return value;
}

/** The runtime configuration, for screens that only need to resolve media URLs. */
export function useRuntimeConfig(): RuntimeConfig {
  return useKiosk().config;
}
