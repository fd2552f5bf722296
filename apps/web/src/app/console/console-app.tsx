import type { LanguageCode } from '@club/shared/constants';
import { Redirect } from '../../lib/routing';
import { configureZodMessages } from '@club/shared/i18n/issues';
import { lazy, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRouteId } from '@club/shared/slug';
import { type RouteObject, useLocation, useParams, useRoutes } from 'react-router';
import { Spinner } from '../../components/ui';
import { CONSOLE_BASE, type ConsolePage, consolePaths, isStaffUserType, mayOpen } from '../../config/console';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { ConsoleLayout, ConsoleNotice } from './console-layout';
import { loadConsoleTexts } from './console-texts';
import styles from './console.module.css';

// zod's issues as message keys of the shared catalogue (the package's index installs it for the
// members' forms that import it; the console's forms import the schemas' own modules).
configureZodMessages();

/**
 * The staff's console under /panel/admin (docs/console.md): one lazily loaded chunk that members and
 * dealers never fetch. It gathers the pages every console feature declares in
 * `features/<name>/console-routes.tsx` (`consoleRoutes`), loads their texts, checks the session (staff
 * only; administrators for admin pages) and lays them out in the console's own shell.
 */
const modules = import.meta.glob<{ consoleRoutes: ConsolePage[] }>('../../features/*/console-routes.tsx', {
  eager: true,
});
type LoadedPage = ConsolePage & { Component: ComponentType };
const pages: LoadedPage[] = Object.values(modules)
  .flatMap((m) => m.consoleRoutes)
  .map((page) => ({ ...page, Component: lazy(page.load) }));

/** `/admin/staff` → `staff` (the console's routes sit below the router's `admin/*`). */
const relative = (path: string) => path.slice(CONSOLE_BASE.length).replace(/^\//, '');

function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-label={t('state.loading')}>
      <Spinner />
    </div>
  );
}

function Texts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  use(loadConsoleTexts(i18n.language === 'en' ? 'en' : ('pl' as LanguageCode)));
  return <>{children}</>;
}

/** Staff only: no session goes through the splash (which comes back here), members go to their panel. */
function StaffGuard({ children }: { children: ReactNode }) {
  const { user, loaded } = useSession();
  const location = useLocation();
  if (!loaded || !user) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Redirect to={`${paths.loading}?nextRoute=${encodeURIComponent(next)}`} replace />;
  }
  if (!isStaffUserType(user.type)) return <Redirect to={paths.home} replace />;
  return <>{children}</>;
}

/** A console route's `:id` is a row id (the experience's form also takes `new`); anything else is not found. */
const idFits = (page: LoadedPage, id: string | undefined) =>
  id === undefined || parseRouteId(id) !== null || (id === 'new' && page.path === consolePaths.experience);

function GuardedPage({ page }: { page: LoadedPage }) {
  const { t } = useTranslation('console');
  const { id } = useParams();
  const { user } = useSession();
  if (!idFits(page, id)) return <NotFound />;
  if (page.access !== 'public' && !mayOpen(page.access, user?.type)) {
    return <ConsoleNotice title={t('forbidden.title')} text={t('forbidden.text')} />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <page.Component />
    </Suspense>
  );
}

/**
 * The console's routes as objects, read by `useRoutes`: `<Routes>`/`<Route>` would bring React Router's
 * children-to-routes code into the framework chunk that members and dealers load too.
 */
const routes: RouteObject[] = [
  ...pages
    .filter((p) => p.access === 'public')
    .map((page) => ({
      path: relative(page.path),
      element: (
        <Suspense fallback={<Loading />}>
          <page.Component />
        </Suspense>
      ),
    })),
  {
    element: (
      <StaffGuard>
        <ConsoleLayout />
      </StaffGuard>
    ),
    children: [
      ...pages
        .filter((p) => p.access !== 'public')
        .map(
          (page): RouteObject =>
            relative(page.path) === ''
              ? { index: true, element: <GuardedPage page={page} /> }
              : { path: relative(page.path), element: <GuardedPage page={page} /> },
        ),
      { path: '*', element: <NotFound /> },
    ],
  },
];

function ConsoleRoutes() {
  return useRoutes(routes);
}

export default function ConsoleApp() {
  return (
    <Suspense fallback={<Loading />}>
      <Texts>
        <ConsoleRoutes />
      </Texts>
    </Suspense>
  );
}

function NotFound() {
  const { t } = useTranslation('console');
  return <ConsoleNotice title={t('notFound.title')} text={t('notFound.text')} />;
}
