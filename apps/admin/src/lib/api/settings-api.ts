/** A development's settings (published settings; packages/contract/src/settings.ts). */
import { adminSettingsPaths, type DevelopmentSettings } from '@plant-kiosk/contract';
import { notifyDraftChanged } from '../draft-events';
import { api } from './client';

export const settingsApi = {
  get: (devid: number) => api.read('adminSettings', adminSettingsPaths.settings(devid)),
  /** Saves to the draft: the header's unpublished count follows, the totems wait for a publish. */
  save: async (devid: number, settings: DevelopmentSettings) => {
    const answer = await api.call(
      'adminUpdateSettings',
      adminSettingsPaths.settings(devid),
      settings,
    );
    notifyDraftChanged();
    return answer;
  },
};
