import { createBrowserRouter, Outlet } from 'react-router';
import { paths } from '../config/paths';
import { AnalyticsShell } from '../features/consent/components/analytics-shell';
import { page, Redirect } from '../lib/routing';
import { protectedRoutes, publicRoutes } from './feature-routes';
import { SessionGuard } from './guards';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './routes/route-error';
import { ScrollManager } from './scroll-manager';

/** The route of every signed-in page (behind the session guard): a first load of one shows the splash. */
export const SIGNED_IN_ROUTE_ID = 'signed-in';

function Root() {
  return (
    <>
      <ScrollManager />
      <Outlet />
      <AnalyticsShell />
    </>
  );
}

/**
 * The route table of SPEC.md §2: public screens, then everything else behind the session guard in the
 * signed-in layout. Features contribute their routes through features/<name>/routes.tsx.
 */
export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        { path: paths.root, element: <Redirect to={paths.home} replace /> },
        page(paths.notFound, () => import('./routes/not-found')),
        page(paths.cookiesPolicy, () => import('./routes/cookies-policy')),
        ...publicRoutes,
        // The staff's console (config/console.ts CONSOLE_BASE): its own chunk, its own guard and layout.
        page('admin/*', () => import('./console/console-app')),
        {
          id: SIGNED_IN_ROUTE_ID,
          element: (
            <SessionGuard>
              <AppLayout />
            </SessionGuard>
          ),
          children: protectedRoutes,
        },
        { path: '*', element: <Redirect to={paths.notFound} replace /> },
      ],
    },
  ],
  { basename: '/panel' },
);
