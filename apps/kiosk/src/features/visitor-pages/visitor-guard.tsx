/**
 * Visitors reach only the visitor routes (docs/product.md#roles): a staff URL typed or followed by a visitor
 * (parcours visiteur) lands on the visitor home instead. The router mounts the guard around the
 * staff routes, either as a layout route (`{ element: <VisitorGuard />, children }`, it renders
 * the matched child) or as a wrapper (`<VisitorGuard><Page /></VisitorGuard>`). Employees pass
 * through everywhere, including the visitor routes.
 *
 * The root (`/`, `/accueil`) is a visitor page for a visitor — it shows the visitor home there —
 * so it is never redirected.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isVisitorPage, useUiStore, VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';

/** Where a user on `pathname` must go instead, or null to let them through. */
export function visitorRedirect(pathname: string, parcours: 'visiteur' | null): string | null {
  if (parcours !== 'visiteur') return null;
  return isVisitorPage(pathname, parcours) ? null : VISITOR_HOME_PATH;
}

export function VisitorGuard({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const parcours = useUiStore((state) => state.parcours);
  const target = visitorRedirect(pathname, parcours);
  if (target) return <Navigate to={target} replace />;
  return <>{children ?? <Outlet />}</>;
}
