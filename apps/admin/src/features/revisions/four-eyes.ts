/**
 * Whether the development publishes « à quatre yeux » (issue 51, decision 048): the publish and
 * rollback dialogs then make a request for someone else to approve instead of publishing, and the
 * publish buttons are offered to every editor (who may ask, not publish). Unknown (still loading,
 * or unreadable) counts as off: the server's gate refuses a publish anyway, with a 409 the dialogs
 * turn into the request form.
 */
import type { FourEyesSettings } from '@plant-kiosk/contract';
import { ApiError, call } from '../../lib/api/client';
import { useResource, type Resource } from '../../lib/use-resource';

export function useFourEyes(devid: number): Resource<FourEyesSettings> & { enabled: boolean } {
  const resource = useResource(
    () => call('adminFourEyes', { params: { devid } }),
    `four-eyes-${devid}`,
  );
  return { ...resource, enabled: resource.data?.enabled === true };
}

/** The 409 of a publish or rollback refused because four-eyes is on (turned on meanwhile). */
export const refusedByFourEyes = (failure: unknown): boolean =>
  failure instanceof ApiError &&
  failure.status === 409 &&
  (failure.data as { reason?: unknown } | null)?.reason === 'four-eyes';

/** Where the requests are listed (features/publication-requests' page). */
export const requestsPagePath = (devid: number) => `/demandes/${devid}`;
