/**
 * The kiosk's routes (docs/product.md#screens), under hash routing (`#/accueil/...`). Every page is a lazy chunk
 * loaded with retries (lib/lazy-with-retry).
 *
 * Errors: a failing page renders the error screen inside the frame (so the inactivity countdown
 * can still bring the kiosk back by itself); a failing frame renders it alone.
 */
import { createHashRouter, type RouteObject } from 'react-router-dom';
import { staffRoutes } from '../features/staff-pages/staff-routes';
import { VisitorGuard, visitorRoutes } from '../features/visitor-pages/visitor-routes';
import { AppFrame } from '../features/layout/app-frame';
import { useUiStore } from '../lib/ui-store/ui-store';
import { lazyPage } from '../lib/lazy-with-retry/lazy-with-retry';
import { NotFoundError, RouteError } from './route-error';

const StaffHome = lazyPage(() => import('../features/home/staff-home'));
const VisitorHome = lazyPage(() => import('../features/home/visitor-home'));
const ViewersDemoPage = lazyPage(() => import('../features/viewers-demo/viewers-demo-page'));

/** `/` and `/accueil`: the staff home, or the visitor home when the parcours is visiteur. */
export function HomeRoute() {
  const parcours = useUiStore((state) => state.parcours);
  return parcours === 'visiteur' ? <VisitorHome /> : <StaffHome />;
}

export function createKioskRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppFrame />,
      errorElement: <RouteError />,
      children: [
        {
          // Pathless layout route: page errors render inside the frame.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <HomeRoute /> },
            { path: 'accueil', element: <HomeRoute /> },
            { path: 'accueil/visiteur', element: <VisitorHome /> },
            ...visitorRoutes,
            {
              // A visitor totem reaches only visitor routes (docs/product.md#roles).
              element: <VisitorGuard />,
              children: [
                ...staffRoutes,
                { path: 'demo/composants', element: <ViewersDemoPage /> },
                { path: '*', element: <NotFoundError /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createKioskRouter() {
  return createHashRouter(createKioskRoutes());
}
