/**
 * Staff routes of docs/product.md#screens (paths relative to the root), each a lazy page chunk loaded with
 * retries. The home (`/`, `/accueil`) is the app's own route (features/home).
 */
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-with-retry/lazy-with-retry';

const GroupPage = lazyPage(() => import('./group-page'));
const SitePage = lazyPage(() => import('./site-page'));
const ClientsProductsPage = lazyPage(() => import('./clients-products-page'));
const InformationsPage = lazyPage(() => import('./informations-page'));
const HsePage = lazyPage(() => import('./hse-page'));
const MoldingPage = lazyPage(() => import('./molding-page'));
const QualityPage = lazyPage(() => import('./quality-page'));
const OtherInfoPage = lazyPage(() => import('./other-info-page'));
const EmergencyPage = lazyPage(() => import('./emergency-page'));
const SuggestionFormPage = lazyPage(() => import('./suggestion-form-page'));
const ProjectsPage = lazyPage(() => import('./projects-page'));
const ArchivesPage = lazyPage(() => import('./archives-page'));

export const staffRoutes: RouteObject[] = [
  { path: 'accueil/groupe', element: <GroupPage /> },
  { path: 'accueil/siteNeubourg', element: <SitePage /> },
  { path: 'accueil/nosClientsNosProduits', element: <ClientsProductsPage /> },
  { path: 'accueil/informations', element: <InformationsPage /> },
  { path: 'accueil/hse', element: <HsePage /> },
  { path: 'accueil/moulage', element: <MoldingPage /> },
  { path: 'accueil/qualite', element: <QualityPage /> },
  { path: 'accueil/autresInformations', element: <OtherInfoPage /> },
  { path: 'accueil/urgence', element: <EmergencyPage /> },
  { path: 'accueil/formulaire', element: <SuggestionFormPage /> },
  { path: 'accueil/projets', element: <ProjectsPage /> },
  { path: 'accueil/projets/archives', element: <ArchivesPage /> },
];
