/** The alert token of the fire-alarm panels, for admins (red button and acknowledgements; contract
 * alert-token.ts). */
import { adminAlertTokenPaths } from '@plant-kiosk/contract';
import { api } from './client';

export const alertTokenApi = {
  get: () => api.read('adminAlertToken', adminAlertTokenPaths.token()),
  /** The old token is refused from now on; 409 when ALERT_TOKEN sets it. */
  regenerate: () => api.call('adminRegenerateAlertToken', adminAlertTokenPaths.regenerate()),
};
