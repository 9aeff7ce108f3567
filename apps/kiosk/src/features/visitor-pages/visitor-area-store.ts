/**
 * State of one visit of the visitor area, kept while the visitor moves between its pages: today
 * the "latest product news" panel of the product range page, which, once closed, stays closed
 * until the visitor home is left (visitor journey).
 *
 * "Leaving the visitor home" means going back above it, to the root level of the breadcrumb:
 * the staff home, the logo, the "Home" breadcrumb entry, or the kiosk's own return to the root
 * after inactivity (a new visitor). Those are exactly the moments the breadcrumb is reset to its
 * single root entry, so the store follows the breadcrumb rather than every route of the app.
 */
import { create } from 'zustand';
import { useUiStore } from '../../lib/ui-store/ui-store';

export interface VisitorAreaState {
  newsClosed: boolean;
  closeNews(): void;
  /** A new visit starts: everything shows again. */
  resetVisit(): void;
}

export const useVisitorAreaStore = create<VisitorAreaState>()((set) => ({
  newsClosed: false,
  closeNews: () => set({ newsClosed: true }),
  resetVisit: () => set({ newsClosed: false }),
}));

useUiStore.subscribe((state, previous) => {
  const backToRoot = state.crumbs !== previous.crumbs && state.crumbs.length <= 1;
  const reset = state.resetGeneration !== previous.resetGeneration;
  if ((backToRoot || reset) && useVisitorAreaStore.getState().newsClosed) {
    useVisitorAreaStore.getState().resetVisit();
  }
});
