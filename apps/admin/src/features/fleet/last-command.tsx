/**
 * A fleet row's last remote command, live from the fleet channel (issue 47), under the totem's
 * state: its name, its state's badge (the failure's reason after it) and when.
 */
import type { KioskStatus } from '@plant-kiosk/contract';
import { commandLabel, since, stateBadge, stateLabel } from './command-text';

export function LastCommand({
  command,
  now,
  timeZone,
}: {
  command: KioskStatus['lastCommand'];
  now: number;
  timeZone: string;
}) {
  if (!command) return null;
  return (
    <span className="fleet-command small" data-testid="fleet-last-command">
      <span className="visually-hidden">Dernière commande : </span>
      {commandLabel(command.kind, command.mode)}{' '}
      <span className={stateBadge(command.state)}>{stateLabel(command.state)}</span>
      {command.state === 'failed' && command.reason && (
        <span className="fleet-command-reason"> : {command.reason}</span>
      )}{' '}
      <span className="muted">{since(command.ackedAt ?? command.createdAt, now, timeZone)}</span>
    </span>
  );
}
