/**
 * A small, always-visible online/offline chip in the header: staff should see at a glance that a
 * totem is offline (content may then be older than what the back-office shows).
 */
import { useTranslation } from 'react-i18next';
import { useConnectionStore } from '../network/network-monitor';

export function ConnectionIndicator() {
  const { t } = useTranslation();
  const online = useConnectionStore((state) => state.online);
  return (
    <span
      className={`connection-indicator connection-indicator--${online ? 'online' : 'offline'}`}
      role="status"
      data-testid="connection-indicator"
    >
      <span className="connection-indicator__dot" aria-hidden="true" />
      {online ? t('header.online') : t('header.offline')}
    </span>
  );
}
