import { useCallback } from 'react';
import { useRuntimeConfig } from '../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../lib/media/media-url';

/** Resolves content media values to the URLs the sync engine cached (so they load offline). */
export function useMedia(): (value: string) => string {
  const config = useRuntimeConfig();
  return useCallback((value: string) => mediaUrl(value, config), [config]);
}
