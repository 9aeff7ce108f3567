/**
 * Visitor routes of docs/product.md#screens (paths relative to the root), each a lazy page. The visitor home
 * itself (`accueil/visiteur`) is declared by app/routes.tsx. `VisitorGuard` is for the router to
 * mount around the staff routes (see visitor-guard.tsx).
 */
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-with-retry/lazy-with-retry';
import { VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';
import type { VisitorPageSlug } from './visitor-paths';

export { VisitorGuard, visitorRedirect } from './visitor-guard';

const pages: Record<VisitorPageSlug, ReturnType<typeof lazyPage>> = {
  groupe: lazyPage(() => import('./group-page')),
  siteNeubourg: lazyPage(() => import('./site-page')),
  gamme: lazyPage(() => import('./range/range-page')),
  hse: lazyPage(() => import('./hse-page')),
  qualite: lazyPage(() => import('./quality-page')),
  environnement: lazyPage(() => import('./environment/environment-page')),
  urgence: lazyPage(() => import('./emergency-page')),
};

export const visitorRoutes: RouteObject[] = Object.entries(pages).map(([slug, Page]) => ({
  path: `${VISITOR_HOME_PATH.slice(1)}/${slug}`,
  element: <Page />,
}));
