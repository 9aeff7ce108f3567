import type { TotemType } from '@plant-kiosk/contract';
import { useUiStore } from '../../lib/ui-store/ui-store';

/** BE LEAN + content follows the stored totem type; a totem not yet set up shows Moulage's. */
export const DEFAULT_BE_LEAN_TOTEM: TotemType = 'Moulage';

export function useBeLeanTotem(): { totem: TotemType; stored: boolean } {
  const stored = useUiStore((state) => state.totem);
  return { totem: stored ?? DEFAULT_BE_LEAN_TOTEM, stored: stored !== null };
}
