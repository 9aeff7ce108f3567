/**
 * Where the content hooks read and refresh from: the logged-in kiosk's database, API client and
 * development id, taken from the shell's KioskContext so screens need no extra provider.
 */
import { useMemo } from 'react';
import { useKiosk } from '../../lib/kiosk-context/kiosk-context';
import type { ApiClient } from '../../lib/api/api-client';
import { openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';

export interface ContentSource {
  db: KioskDb;
  api: ApiClient;
  devid: number;
}

export function useContentSource(): ContentSource {
  const { config, session, api } = useKiosk();
  const db = useMemo(() => openKioskDb(config.devname), [config.devname]);
  return useMemo(() => ({ db, api, devid: session.devid }), [db, api, session.devid]);
}
