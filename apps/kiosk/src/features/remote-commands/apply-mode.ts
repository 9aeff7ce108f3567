/**
 * « Changer de mode » (issue 47): what the hidden mode switcher does (features/layout/
 * mode-switcher.tsx), from afar — the mode stored (the spec's `totem` / `parcours` keys), a fresh
 * start (breadcrumb back to the root, the frame's popups closed) and that mode's home. An alert
 * takeover, mounted beside the router, stays above it all.
 */
import type { KioskCommandMode } from '@plant-kiosk/contract';
import { STAFF_HOME_PATH, useUiStore, VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';

export const modeHome = (mode: KioskCommandMode): string =>
  mode === 'visiteur' ? VISITOR_HOME_PATH : STAFF_HOME_PATH;

export function applyKioskMode(mode: KioskCommandMode, navigate: (path: string) => void): void {
  const ui = useUiStore.getState();
  ui.chooseMode(mode);
  ui.returnToRoot();
  navigate(modeHome(mode));
}
