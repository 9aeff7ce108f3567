/**
 * Who may publish, roll back and discard (rollback and publish checks, decision 014): admins, and
 * editors an admin allowed. Others prepare and look; the buttons are not offered (the server
 * answers 403 anyway).
 */
import type { AdminUser } from '@plant-kiosk/contract';
import { useOptionalUser } from '../../lib/session/session-context';

export const canPublish = (user: AdminUser): boolean => user.role === 'admin' || user.canPublish;

/**
 * Whether to offer the buttons. Every screen sits behind the login guard, so there is a user; a
 * component rendered on its own (another feature's test) gets them, the server deciding (403).
 */
export function useCanPublish(): boolean {
  const user = useOptionalUser();
  return user === null || canPublish(user);
}
