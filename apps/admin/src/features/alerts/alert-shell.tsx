/**
 * What the app shell mounts (red button and acknowledgements, decision 018): the red button in the
 * header and the alert band under it, on every page, for the development of the screen's path (else
 * the last one used, else the user's first).
 */
import { useDevelopments } from '../../lib/use-developments';
import { AlertBanner } from './alert-banner';
import { AlertButton } from './alert-button';
import { useAlertDevid } from './alert-live';

function useShellAlert() {
  const developments = useDevelopments();
  const list = developments.data ?? [];
  const devid = useAlertDevid(list[0]?.devid ?? null);
  return { devid, developments: list };
}

export function ShellAlertButton() {
  const { devid, developments } = useShellAlert();
  return <AlertButton devid={devid} developments={developments} />;
}

export function ShellAlertBanner() {
  const { devid } = useShellAlert();
  return <AlertBanner devid={devid} />;
}
