/**
 * The kiosk's UI state (docs/product.md#content-model "UI state"): language, totem type, parcours, breadcrumb, headband
 * (title and anchor buttons), and the two inactivity mechanisms of docs/product.md#states (the idle counter that
 * opens the "Veille" reader and the 600 s countdown that returns to the root).
 *
 * `totem` and `parcours` survive reloads in localStorage under the spec's plain keys (`totem`,
 * `parcours`) with plain string values (not JSON), because technicians and tests read them as is.
 * Everything else lives in memory: a reload is a fresh start at the root.
 *
 * The timers themselves are not here (see features/idle): the store only holds the numbers, so the
 * one interval of each mechanism reads and decrements them without re-creating anything.
 */
import { DEFAULT_SETTINGS, TOTEM_TYPES, type TotemType } from '@plant-kiosk/contract';
import { create } from 'zustand';
import type { Language } from '../../i18n/i18n';
import { kioskStorage, storageKeys } from '../storage/kiosk-storage';
import { currentSettings } from '../settings/settings-store';

export type Parcours = 'visiteur';
export type KioskMode = 'visiteur' | TotemType;

export interface Crumb {
  label: string;
  path: string;
}

/**
 * Idle counter (docs/product.md#constants): default 500 ticks of one second, set to 290 by a tap on the clock.
 * Inactivity countdown (docs/product.md#constants): 600 s; the warning shows below 300 s (non-visitors only).
 * These are the spec's values, the defaults of the development's settings (published settings,
 * decision 017): the store resets to the published values in force (`currentSettings`), read at
 * each reset, so a publish applies at the next touch without a reload.
 */
export const IDLE_COUNTER_DEFAULT = DEFAULT_SETTINGS.idleCounterSeconds;
export const IDLE_COUNTER_CLOCK_TAP = DEFAULT_SETTINGS.idleCounterResetSeconds;
export const INACTIVITY_SECONDS = DEFAULT_SETTINGS.inactivitySeconds;
export const INACTIVITY_WARNING_BELOW = DEFAULT_SETTINGS.inactivityWarningSeconds;

const idleCounterStart = () => currentSettings().idleCounterSeconds;
const inactivityStart = () => currentSettings().inactivitySeconds;

export const STAFF_HOME_PATH = '/accueil';
export const VISITOR_HOME_PATH = '/accueil/visiteur';
export const HOME_CRUMB: Crumb = { label: 'Accueil', path: STAFF_HOME_PATH };

/** What a page puts in the banner (see features/layout/use-page-frame). */
export interface PageFrame {
  /** Page title, also the document title; null means the default "accueil". */
  title: string | null;
  /** Labels of the anchor buttons, one per `#section-{index}` (0 to 8). */
  anchors: readonly string[];
  /** Home pages show no headband: their content gets the full 1660 px container. */
  showHeadband: boolean;
  /** BE LEAN + hides its home button unless a totem type is stored (docs/product.md#screens). */
  hideHomeButton: boolean;
  /**
   * A page declared this frame. Until one does (its chunk still loading behind the frame's
   * spinner), the headband follows the route (features/layout/page-frame.ts, useShowHeadband).
   */
  declared: boolean;
}

export const DEFAULT_PAGE_FRAME: PageFrame = {
  title: null,
  anchors: [],
  showHeadband: true,
  hideHomeButton: false,
  declared: false,
};

export interface UiState extends PageFrame {
  language: Language;
  totem: TotemType | null;
  parcours: Parcours | null;
  crumbs: Crumb[];
  /** Seconds left before the idle reader opens (staff pages). */
  idleCounter: number;
  idleReaderOpen: boolean;
  /** Seconds left before the kiosk returns to the root. */
  inactivityRemaining: number;
  /** Bumped on every return to the root so frame-level popups can close themselves. */
  resetGeneration: number;

  setLanguage(language: Language): void;
  /** The hidden switcher (docs/product.md#screens): Visiteur stores parcours; a totem clears it and is stored. */
  chooseMode(mode: KioskMode): void;
  setCrumbs(crumbs: Crumb[]): void;
  pushCrumb(crumb: Crumb): void;
  /** Keep crumbs[0..index] (a tap on a breadcrumb entry). */
  truncateCrumbs(index: number): void;
  setPageFrame(frame: Partial<PageFrame>): void;
  resetPageFrame(): void;

  resetIdleCounter(): void;
  setIdleCounter(value: number): void;
  /** One idle tick: decrements, and opens the reader when the counter reaches 0. */
  tickIdle(): void;
  closeIdleReader(): void;

  resetInactivity(): void;
  /** One inactivity tick; returns the seconds left. */
  tickInactivity(): number;
  /** Resets the in-memory navigation state for a fresh start at the root. */
  returnToRoot(): void;
  /** Closes the frame's own popups (mode switcher, web site) without navigating. */
  closeFramePopups(): void;
}

function readStorage(key: string): string | null {
  try {
    return kioskStorage().getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) kioskStorage().removeItem(key);
    else kioskStorage().setItem(key, value);
  } catch (error) {
    console.error(`[ui-store] could not store ${key}`, error);
  }
}

export function readStoredTotem(): TotemType | null {
  const value = readStorage(storageKeys.totem);
  return TOTEM_TYPES.find((totem) => totem === value) ?? null;
}

export function readStoredParcours(): Parcours | null {
  return readStorage(storageKeys.parcours) === 'visiteur' ? 'visiteur' : null;
}

/** The state a fresh start has (also used by tests to reset the singleton store). */
export function initialUiState() {
  return {
    ...DEFAULT_PAGE_FRAME,
    language: 'fr' as Language,
    totem: readStoredTotem(),
    parcours: readStoredParcours(),
    crumbs: [HOME_CRUMB],
    idleCounter: idleCounterStart(),
    idleReaderOpen: false,
    inactivityRemaining: inactivityStart(),
    resetGeneration: 0,
  };
}

export const useUiStore = create<UiState>()((set, get) => ({
  ...initialUiState(),

  setLanguage: (language) => set({ language }),

  chooseMode: (mode) => {
    if (mode === 'visiteur') {
      writeStorage(storageKeys.parcours, 'visiteur');
      set({ parcours: 'visiteur' });
    } else {
      writeStorage(storageKeys.parcours, null);
      writeStorage(storageKeys.totem, mode);
      set({ parcours: null, totem: mode });
    }
  },

  setCrumbs: (crumbs) => set({ crumbs }),
  pushCrumb: (crumb) => {
    const { crumbs } = get();
    // A double tap on a tile must not add the same level twice.
    if (crumbs.at(-1)?.path === crumb.path) return;
    set({ crumbs: [...crumbs, crumb] });
  },
  truncateCrumbs: (index) => set({ crumbs: get().crumbs.slice(0, Math.max(1, index + 1)) }),

  setPageFrame: (frame) => set(frame),
  resetPageFrame: () => set(DEFAULT_PAGE_FRAME),

  resetIdleCounter: () => {
    const start = idleCounterStart();
    if (get().idleCounter !== start) set({ idleCounter: start });
  },
  setIdleCounter: (value) => set({ idleCounter: Math.max(0, value) }),
  tickIdle: () => {
    const { idleCounter, idleReaderOpen } = get();
    if (idleReaderOpen) return;
    const next = Math.max(0, idleCounter - 1);
    set(next === 0 ? { idleCounter: 0, idleReaderOpen: true } : { idleCounter: next });
  },
  closeIdleReader: () => set({ idleReaderOpen: false, idleCounter: idleCounterStart() }),

  resetInactivity: () => {
    // Called on every pointer/key event: only notify subscribers when something changes.
    const start = inactivityStart();
    if (get().inactivityRemaining !== start) set({ inactivityRemaining: start });
  },
  tickInactivity: () => {
    const next = Math.max(0, get().inactivityRemaining - 1);
    if (next !== get().inactivityRemaining) set({ inactivityRemaining: next });
    return next;
  },

  returnToRoot: () =>
    set((state) => ({
      crumbs: [HOME_CRUMB],
      language: 'fr',
      resetGeneration: state.resetGeneration + 1,
    })),
  closeFramePopups: () => set((state) => ({ resetGeneration: state.resetGeneration + 1 })),
}));

/** True when nobody uses the kiosk: the idle reader is up, or the inactivity countdown ran out. */
export function isScreenIdle(state: Pick<UiState, 'idleReaderOpen' | 'inactivityRemaining'>) {
  return state.idleReaderOpen || state.inactivityRemaining === 0;
}

export function isVisitorPath(pathname: string) {
  return pathname === VISITOR_HOME_PATH || pathname.startsWith(`${VISITOR_HOME_PATH}/`);
}

/** The root paths: `/` and `/accueil` (the staff home, or the visitor home for visitors). */
export function isRootPath(pathname: string) {
  return (
    pathname === '/' ||
    pathname === '' ||
    pathname === STAFF_HOME_PATH ||
    pathname === `${STAFF_HOME_PATH}/`
  );
}

/** A visitor page: a visitor route, or the root when the totem's parcours is visiteur. */
export function isVisitorPage(pathname: string, parcours: Parcours | null) {
  return isVisitorPath(pathname) || (parcours === 'visiteur' && isRootPath(pathname));
}

/**
 * The first breadcrumb level: the root, and for a visitor totem also its home at
 * /accueil/visiteur (a visitor's first level). Staff on /accueil/visiteur are one level down.
 */
export function isFirstLevel(pathname: string, parcours: Parcours | null) {
  if (isRootPath(pathname)) return true;
  const visitorHome = pathname === VISITOR_HOME_PATH || pathname === `${VISITOR_HOME_PATH}/`;
  return parcours === 'visiteur' && visitorHome;
}
