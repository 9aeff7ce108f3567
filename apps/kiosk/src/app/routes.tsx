/**
 * The kiosk's routes (spec §2), under hash routing (`#/accueil/...`). Every page is a lazy chunk
 * loaded with retries (lazy-with-retry.ts). Pages of issues 4–6 not built yet render the
 * ComingSoonPage with their title; the lead swaps each `element` for the real page.
 *
 * Errors: a failing page renders the error screen inside the frame (so the inactivity countdown
 * can still bring the kiosk back by itself); a failing frame renders it alone.
 */
import { createHashRouter, type RouteObject } from 'react-router-dom';
import { staffRoutes } from '../features/staff-pages/staff-routes';
import { VisitorGuard, visitorRoutes } from '../features/visitor-pages/visitor-routes';
import { AppFrame } from '../features/layout/app-frame';
import { useUiStore } from '../lib/ui-store/ui-store';
import type { PageTitleKey } from './coming-soon-page';
import { lazyPage } from './lazy-with-retry';
import { NotFoundError, RouteError } from './route-error';

const StaffHome = lazyPage(() => import('../features/home/staff-home'));
const VisitorHome = lazyPage(() => import('../features/home/visitor-home'));
const ComingSoonPage = lazyPage(() => import('./coming-soon-page'));
const ViewersDemoPage = lazyPage(() => import('../features/viewers-demo/viewers-demo-page'));

/** `/` and `/accueil`: the staff home, or the visitor home when the parcours is visiteur. */
export function HomeRoute() {
  const parcours = useUiStore((state) => state.parcours);
  return parcours === 'visiteur' ? <VisitorHome /> : <StaffHome />;
}

/**
 * Routes still to be built, with the translation key of their title and, where spec §2 lists
 * them, the anchors of their sections (staff pages are French only).
 */
export const PENDING_PAGES: { path: string; titleKey: PageTitleKey; anchors?: string[] }[] = [
  { path: 'accueil/groupe', titleKey: 'pages.groupe' },
  {
    path: 'accueil/siteNeubourg',
    titleKey: 'pages.siteNeubourg',
    anchors: ['Présentation du site', 'Unité Moulage', 'Unité Assemblage', 'Services support'],
  },
  { path: 'accueil/nosClientsNosProduits', titleKey: 'pages.nosClientsNosProduits' },
  { path: 'accueil/informations', titleKey: 'pages.informations' },
  {
    path: 'accueil/hse',
    titleKey: 'pages.hse',
    anchors: [
      'Politiques et contacts HSE',
      'EPI',
      'PTI',
      'Habilitations au poste',
      'Alertes accidents et croix verte',
      'Déchets et pollution',
      'PASS',
    ],
  },
  { path: 'accueil/moulage', titleKey: 'pages.moulage' },
  { path: 'accueil/qualite', titleKey: 'pages.qualite' },
  {
    path: 'accueil/autresInformations',
    titleKey: 'pages.autresInformations',
    anchors: ['Plan du site', 'Salles de réunion', 'Menu', 'Magazine'],
  },
  {
    path: 'accueil/urgence',
    titleKey: 'pages.urgence',
    anchors: [
      "Numéros d'urgence",
      'Liste SST',
      'Accident corporel',
      'Urgence médicale',
      'Alarme incendie',
      'Pollution accidentelle',
      'Ouverture portail',
      'Défibrillateurs',
      'Plan du site',
    ],
  },
  { path: 'accueil/formulaire', titleKey: 'pages.formulaire' },
  { path: 'accueil/projets', titleKey: 'pages.projets' },
  { path: 'accueil/projets/archives', titleKey: 'pages.archives' },
  { path: 'accueil/visiteur/groupe', titleKey: 'pages.visiteurGroupe' },
  { path: 'accueil/visiteur/siteNeubourg', titleKey: 'pages.visiteurSite' },
  { path: 'accueil/visiteur/hse', titleKey: 'pages.visiteurHse' },
  { path: 'accueil/visiteur/gamme', titleKey: 'pages.visiteurGamme' },
  { path: 'accueil/visiteur/environnement', titleKey: 'pages.visiteurEnvironnement' },
  { path: 'accueil/visiteur/qualite', titleKey: 'pages.visiteurQualite' },
  { path: 'accueil/visiteur/urgence', titleKey: 'pages.visiteurUrgence' },
];

export function createKioskRoutes(): RouteObject[] {
  const builtPaths = new Set([...staffRoutes, ...visitorRoutes].map((route) => route.path));
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
              // A visitor totem reaches only visitor routes (spec §6).
              element: <VisitorGuard />,
              children: [
                ...staffRoutes,
                ...PENDING_PAGES.filter(({ path }) => !builtPaths.has(path)).map(
                  ({ path, titleKey, anchors }) => ({
                    path,
                    element: <ComingSoonPage titleKey={titleKey} anchors={anchors} />,
                  }),
                ),
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
