/**
 * A small, always-visible online/offline chip in the header: staff should see at a glance that a
 * totem is offline (content may then be older than what the back-office shows). When the server
 * refused the totem's token (revoked), the chip says it must be re-authorised: the content stays
 * on screen, but it will not update until someone logs the totem in again.
 */
import { useTranslation } from 'react-i18next';
import { useConnectionStore } from '../network';
import { useSyncStore } from '../sync';

export function ConnectionIndicator() {
  const { t } = useTranslation();
  const online = useConnectionStore((state) => state.online);
  const needsReauth = useSyncStore((state) => state.needsReauth);
  return (
    <span
      className={`connection-indicator connection-indicator--${online ? 'online' : 'offline'}${needsReauth ? ' connection-indicator--reauth' : ''}`}
      role="status"
      data-testid="connection-indicator"
    >
      <span className="connection-indicator__dot" aria-hidden="true" />
      {online ? t('header.online') : t('header.offline')}
      {needsReauth && (
        <span className="connection-indicator__reauth" data-testid="reauth-notice">
          {t('header.reauth')}
        </span>
      )}
    </span>
  );
}
