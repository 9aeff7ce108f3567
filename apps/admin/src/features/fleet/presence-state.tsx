/**
 * A totem's state as the fleet's row and its page show it (issue 48): a badge with the state's
 * name, then the rest of its sentence — « Hors ligne — affiche la révision 12 depuis le
 * 27/11/2026 14:03 » — so the state is said in words, never by a colour alone.
 */
import type { KioskStatus } from '@plant-kiosk/contract';
import { PRESENCE_BADGES, presenceWords } from './kiosk-status-text';

export function PresenceState({
  kiosk,
  timeZone,
  testId,
}: {
  kiosk: KioskStatus;
  timeZone: string;
  testId?: string;
}) {
  const { presence, label, rest } = presenceWords(kiosk, timeZone);
  return (
    <span className="fleet-presence" data-testid={testId}>
      <span className={PRESENCE_BADGES[presence]}>{label}</span>
      {rest && <span className="small">{rest}</span>}
    </span>
  );
}
