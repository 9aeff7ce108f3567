/** The developments this user may work on (admins: all; editors: theirs). */
import { call } from './api/client';
import { useResource } from './use-resource';

export function useDevelopments() {
  return useResource(() => call('adminDevelopments'), 'developments');
}
