/** A fleet row's last remote command, live from the fleet channel (issue 47). */
import type { KioskStatus } from '@plant-kiosk/contract';
import { commandLabel, since, stateBadge, stateLabel } from './command-text';

export function LastCommandCell({
  command,
  now,
  timeZone,
}: {
  command: KioskStatus['lastCommand'];
  now: number;
  timeZone: string;
}) {
  if (!command) return <span className="muted">—</span>;
  return (
    <span className="fleet-command" data-testid="fleet-last-command">
      <span>{commandLabel(command.kind, command.mode)}</span>{' '}
      <span className={stateBadge(command.state)}>{stateLabel(command.state)}</span>
      {command.state === 'failed' && command.reason && (
        <span className="fleet-command-reason small"> : {command.reason}</span>
      )}{' '}
      <span className="muted small">
        {since(command.ackedAt ?? command.createdAt, now, timeZone)}
      </span>
    </span>
  );
}
