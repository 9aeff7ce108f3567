/**
 * Screens of the back-office, in French paths. Admin-only screens are guarded here too.
 *
 * Each screen is its own lazy chunk (compression and bundle split, decision 020): the first load
 * holds the frame, the login page and the libraries, not every screen's code; a screen's chunk is
 * fetched when it is opened, the frame staying on screen meanwhile.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { useUser } from '../lib/session/session-context';
import { Layout } from './layout';
import { SessionGate } from './session-gate';

/** A screen loaded on demand: `load` picks the named export out of its module. */
function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return function LazyScreen() {
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  };
}

const AlertPage = lazyScreen(() =>
  import('../features/alerts/alert-page').then((m) => m.AlertPage),
);
const AlertTemplatesPage = lazyScreen(() =>
  import('../features/alerts/templates-page').then((m) => m.AlertTemplatesPage),
);
const AuditPage = lazyScreen(() => import('../features/audit/audit-page').then((m) => m.AuditPage));
const ContentPage = lazyScreen(() =>
  import('../features/content/content-page').then((m) => m.ContentPage),
);
const DevelopmentPage = lazyScreen(() =>
  import('../features/developments/development-page').then((m) => m.DevelopmentPage),
);
const DevelopmentsPage = lazyScreen(() =>
  import('../features/developments/developments-page').then((m) => m.DevelopmentsPage),
);
const FleetPage = lazyScreen(() => import('../features/fleet/fleet-page').then((m) => m.FleetPage));
const KioskPage = lazyScreen(() => import('../features/fleet/kiosk-page').then((m) => m.KioskPage));
const MediaPage = lazyScreen(() => import('../features/media/media-page').then((m) => m.MediaPage));
const ImportPackPage = lazyScreen(() =>
  import('../features/packs/import-pack-page').then((m) => m.ImportPackPage),
);
const ImportNewDevelopmentPage = lazyScreen(() =>
  import('../features/packs/import-pack-page').then((m) => m.ImportNewDevelopmentPage),
);
const HistoryPage = lazyScreen(() =>
  import('../features/revisions/history-page').then((m) => m.HistoryPage),
);
const UnpublishedPage = lazyScreen(() =>
  import('../features/revisions/unpublished-page').then((m) => m.UnpublishedPage),
);
const PreviewPage = lazyScreen(() =>
  import('../features/preview/preview-page').then((m) => m.PreviewPage),
);
const ScheduledPage = lazyScreen(() =>
  import('../features/scheduled/scheduled-page').then((m) => m.ScheduledPage),
);
// « Demandes de publication » (issue 51, part 2): four-eyes publishing's requests to decide.
const RequestsPage = lazyScreen(() =>
  import('../features/publication-requests/requests-page').then((m) => m.RequestsPage),
);
const HealthPage = lazyScreen(() =>
  import('../features/health/health-page').then((m) => m.HealthPage),
);
const SettingsPage = lazyScreen(() =>
  import('../features/settings/settings-page').then((m) => m.SettingsPage),
);
const WeekAheadPage = lazyScreen(() =>
  import('../features/week-ahead/week-ahead-page').then((m) => m.WeekAheadPage),
);
const UsersPage = lazyScreen(() => import('../features/users/users-page').then((m) => m.UsersPage));
// « Fréquentation » (issue 49): its chunk and its chart's (Chart.js) load only when it opens.
const UsagePage = lazyScreen(() => import('../features/usage/usage-page').then((m) => m.UsagePage));
const NotificationsPage = lazyScreen(() =>
  import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
);
// OpenID Connect sign-in's settings (issue 51, decision 046): the server's, admins only.
const SsoPage = lazyScreen(() => import('../features/sso/sso-page').then((m) => m.SsoPage));

function AdminOnly({ children }: { children: ReactNode }) {
  const user = useUser();
  return user.role === 'admin' ? children : <Navigate to="/contenu" replace />;
}

export const adminRoutes: RouteObject[] = [
  // « Aperçu sur la borne » (issue 46): the whole window for the totem, outside the frame; it
  // shows the login itself when there is no session, so the address survives the login.
  {
    path: '/apercu/:devid',
    element: (
      <SessionGate waiting="Ouverture de l’aperçu…">
        <PreviewPage />
      </SessionGate>
    ),
  },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/contenu" replace /> },
      { path: 'contenu', element: <ContentPage /> },
      { path: 'contenu/:devid', element: <ContentPage /> },
      { path: 'contenu/:devid/zones/:zoneid', element: <ContentPage /> },
      { path: 'medias', element: <MediaPage /> },
      { path: 'medias/:devid', element: <MediaPage /> },
      { path: 'reglages', element: <SettingsPage /> },
      { path: 'reglages/:devid', element: <SettingsPage /> },
      { path: 'modifications', element: <UnpublishedPage /> },
      { path: 'modifications/:devid', element: <UnpublishedPage /> },
      { path: 'programmees', element: <ScheduledPage /> },
      { path: 'sante', element: <HealthPage /> },
      { path: 'sante/:devid', element: <HealthPage /> },
      { path: 'programmees/:devid', element: <ScheduledPage /> },
      { path: 'demandes', element: <RequestsPage /> },
      { path: 'demandes/:devid', element: <RequestsPage /> },
      { path: 'semaine', element: <WeekAheadPage /> },
      { path: 'semaine/:devid', element: <WeekAheadPage /> },
      { path: 'historique', element: <HistoryPage /> },
      { path: 'historique/:devid', element: <HistoryPage /> },
      { path: 'paquets/importer', element: <ImportPackPage /> },
      { path: 'paquets/importer/:devid', element: <ImportPackPage /> },
      {
        path: 'paquets/nouveau',
        element: (
          <AdminOnly>
            <ImportNewDevelopmentPage />
          </AdminOnly>
        ),
      },
      { path: 'parc', element: <FleetPage /> },
      // A totem's page (issue 47): its status and its commands' history.
      { path: 'parc/:devid/:kioskId', element: <KioskPage /> },
      { path: 'frequentation', element: <UsagePage /> },
      { path: 'frequentation/:devid', element: <UsagePage /> },
      { path: 'journal', element: <AuditPage /> },
      { path: 'alerte/:devid', element: <AlertPage /> },
      { path: 'modeles-alerte', element: <AlertTemplatesPage /> },
      { path: 'modeles-alerte/:devid', element: <AlertTemplatesPage /> },
      { path: 'modeles-alerte/:devid/:templateid', element: <AlertTemplatesPage /> },
      {
        path: 'developpements',
        element: (
          <AdminOnly>
            <DevelopmentsPage />
          </AdminOnly>
        ),
      },
      {
        path: 'developpements/:devid',
        element: (
          <AdminOnly>
            <DevelopmentPage />
          </AdminOnly>
        ),
      },
      {
        path: 'utilisateurs',
        element: (
          <AdminOnly>
            <UsersPage />
          </AdminOnly>
        ),
      },
      {
        path: 'notifications',
        element: (
          <AdminOnly>
            <NotificationsPage />
          </AdminOnly>
        ),
      },
      {
        path: 'connexion-sso',
        element: (
          <AdminOnly>
            <SsoPage />
          </AdminOnly>
        ),
      },
      { path: '*', element: <Navigate to="/contenu" replace /> },
    ],
  },
];

export const createAdminRouter = () => createHashRouter(adminRoutes);
