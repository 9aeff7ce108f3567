/** The development's alert templates in the draft (red button and acknowledgements; contract
 * alert-templates.ts). */
import {
  adminAlertTemplatePaths as paths,
  type AlertTemplateInput,
  type UpdateAlertTemplateRequest,
} from '@plant-kiosk/contract';
import { api } from '../../lib/api/client';
import { notifyDraftChanged } from '../../lib/draft-events';

/** Every write changes the draft: the header's unpublished count follows at once. */
async function changed<T>(answer: Promise<T>): Promise<T> {
  const result = await answer;
  notifyDraftChanged();
  return result;
}

export const templateApi = {
  list: (devid: number) => api.read('adminAlertTemplates', paths.list(devid)),
  create: (devid: number, input: AlertTemplateInput) =>
    changed(api.call('adminCreateAlertTemplate', paths.list(devid), input)),
  update: (devid: number, templateid: number, body: UpdateAlertTemplateRequest) =>
    changed(api.call('adminUpdateAlertTemplate', paths.item(devid, templateid), body)),
  remove: (devid: number, templateid: number, expectedVersion: number) =>
    changed(api.call('adminDeleteAlertTemplate', paths.remove(devid, templateid, expectedVersion))),
};
