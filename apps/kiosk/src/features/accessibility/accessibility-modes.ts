/**
 * The totem's three display modes (issue 52, part 2): reach mode (every control below the reach
 * line), larger text (×1.5) and higher contrast (WCAG AAA 7:1). The store is in memory only and
 * never persisted: a reload — the inactivity return, the nightly restart — starts from the
 * default, so the next person meets the totem as everyone else does (decision 049).
 *
 * The modes are attributes of <html> (`data-reach`, `data-text="large"`, `data-contrast="high"`)
 * and a `--reach-line` custom property, so the stylesheets do the work (styles/modes.css and the
 * features' own rules) and a page needs no code of its own. `useAccessibilityModes` applies them
 * and ends them when the inactivity countdown reaches 0 at any level — the return to the root,
 * or at the first level (where the return does nothing) the frame's popups closing: both change
 * the UI store's `resetGeneration`, and the countdown at 0 is watched too.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { DEFAULT_SCREEN_HEIGHTS, reachLineY } from '@plant-kiosk/contract';
import { useScreenHeights } from '../own-settings';

/** Where the screen sits above the floor, in mm (the totem's profile; issue 52). */
export interface TotemHeights {
  screenBottomMm: number;
  screenTopMm: number;
}

export type AccessibilityMode = 'reach' | 'largeText' | 'highContrast';
export const ACCESSIBILITY_MODES: readonly AccessibilityMode[] = [
  'reach',
  'largeText',
  'highContrast',
];

/** How much larger the text is in the larger-text mode (issue 52: ×1.5). */
export const LARGE_TEXT_SCALE = 1.5;

export interface AccessibilityModesState {
  reach: boolean;
  largeText: boolean;
  highContrast: boolean;
  /**
   * Where the screen sits above the floor: the one input of the reach line. The totem's profile
   * says it (its own settings, held offline); the 700–1900 mm floor stand otherwise.
   */
  heights: TotemHeights;
  toggle(mode: AccessibilityMode): void;
  /** Back to the default display (the heights, a property of the totem, stay). */
  resetModes(): void;
  setTotemHeights(heights: TotemHeights): void;
}

const DEFAULT_MODES = { reach: false, largeText: false, highContrast: false } as const;

export const useAccessibilityModes = create<AccessibilityModesState>()((set, get) => ({
  ...DEFAULT_MODES,
  heights: { ...DEFAULT_SCREEN_HEIGHTS },
  toggle: (mode) => set({ [mode]: !get()[mode] }),
  resetModes: () => {
    const state = get();
    if (ACCESSIBILITY_MODES.some((mode) => state[mode])) set(DEFAULT_MODES);
  },
  setTotemHeights: (heights) => set({ heights: { ...heights } }),
}));

/** Whether any of the three modes is on. */
export const anyModeOn = (state: Pick<AccessibilityModesState, AccessibilityMode>) =>
  ACCESSIBILITY_MODES.some((mode) => state[mode]);

/** Writes the modes on <html>, where the stylesheets read them. */
export function applyModesToDocument(
  state: Pick<AccessibilityModesState, AccessibilityMode | 'heights'>,
  root: HTMLElement = document.documentElement,
  viewportHeight: number = window.innerHeight,
) {
  const set = (name: string, value: string | null) => {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  };
  set('data-reach', state.reach ? '' : null);
  set('data-text', state.largeText ? 'large' : null);
  set('data-contrast', state.highContrast ? 'high' : null);
  root.style.setProperty('--reach-line', `${reachLineY(state.heights, viewportHeight)}px`);
}

/**
 * Mount once (the accessibility controls, on every page of the frame): keeps <html> in step with
 * the store and the viewport, and ends the modes with the inactivity countdown.
 */
export function useApplyAccessibilityModes() {
  const reach = useAccessibilityModes((state) => state.reach);
  const largeText = useAccessibilityModes((state) => state.largeText);
  const highContrast = useAccessibilityModes((state) => state.highContrast);
  const heights = useAccessibilityModes((state) => state.heights);
  // The totem's own settings carry its mount (« Modifier le totem » in the back-office).
  const mount = useScreenHeights();
  useEffect(() => {
    const { screenBottomMm, screenTopMm } = mount;
    useAccessibilityModes
      .getState()
      .setTotemHeights(
        screenBottomMm !== null && screenTopMm !== null
          ? { screenBottomMm, screenTopMm }
          : { ...DEFAULT_SCREEN_HEIGHTS },
      );
  }, [mount]);

  useEffect(() => {
    const apply = () => applyModesToDocument({ reach, largeText, highContrast, heights });
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [reach, largeText, highContrast, heights]);

  // Without the frame (a logout, the error screen alone), the page is drawn as by default.
  useEffect(
    () => () =>
      applyModesToDocument({ ...DEFAULT_MODES, heights: useAccessibilityModes.getState().heights }),
    [],
  );

  const resetGeneration = useUiStore((state) => state.resetGeneration);
  const countdownOver = useUiStore((state) => state.inactivityRemaining === 0);
  const seenGeneration = useRef(resetGeneration);
  useEffect(() => {
    if (resetGeneration === seenGeneration.current) return;
    seenGeneration.current = resetGeneration;
    useAccessibilityModes.getState().resetModes();
  }, [resetGeneration]);
  useEffect(() => {
    if (countdownOver) useAccessibilityModes.getState().resetModes();
  }, [countdownOver]);
}
