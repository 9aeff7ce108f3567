/** Screens of the back-office, in French paths. Admin-only screens are guarded here too. */
import type { ReactNode } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AuditPage } from '../features/audit/audit-page';
import { ContentPage } from '../features/content/content-page';
import { DevelopmentPage } from '../features/developments/development-page';
import { DevelopmentsPage } from '../features/developments/developments-page';
import { FleetPage } from '../features/fleet/fleet-page';
import { MediaPage } from '../features/media/media-page';
import { HistoryPage } from '../features/revisions/history-page';
import { UnpublishedPage } from '../features/revisions/unpublished-page';
import { SettingsPage } from '../features/settings/settings-page';
import { UsersPage } from '../features/users/users-page';
import { useUser } from '../lib/session/session-context';
import { Layout } from './layout';

function AdminOnly({ children }: { children: ReactNode }) {
  const user = useUser();
  return user.role === 'admin' ? children : <Navigate to="/contenu" replace />;
}

export const adminRoutes: RouteObject[] = [
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
      { path: 'historique', element: <HistoryPage /> },
      { path: 'historique/:devid', element: <HistoryPage /> },
      { path: 'parc', element: <FleetPage /> },
      { path: 'journal', element: <AuditPage /> },
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
      { path: '*', element: <Navigate to="/contenu" replace /> },
    ],
  },
];

export const createAdminRouter = () => createHashRouter(adminRoutes);
