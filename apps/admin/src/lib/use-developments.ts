/** The developments this user may work on (admins: all; editors: theirs). */
import { adminApi } from './api/admin-api';
import { useResource } from './use-resource';

export function useDevelopments() {
  return useResource(() => adminApi.developments(), 'developments');
}
