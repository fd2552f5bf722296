import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, type NavigateProps, type Params, type RouteObject, useLocation } from 'react-router';
import type { Role } from './session';

/**
 * What a feature adds to the router, in `features/<name>/routes.tsx`:
 * - `protectedRoutes`: inside the signed-in layout (menus, footer), behind the session guard;
 * - `publicRoutes`: without a session (sign-in, links from e-mails);
 * - `accountRoutes`: pages of the account section, placed by `app/` inside the account wrapper
 *   (account menu, current user loaded first), so that a feature never imports the account feature.
 * A route limited to a role says so with `handle: { roles: ['customer'] }` (see `page()`).
 */
export type FeatureRoutes = {
  protectedRoutes?: RouteObject[];
  publicRoutes?: RouteObject[];
  accountRoutes?: RouteObject[];
};

/** What a page can start before it renders (its data, its largest image) while the splash shows. */
export type RoutePrefetch = (context: { params: Params; queryClient: QueryClient }) => void;

export type RouteHandle = {
  roles?: Role[];
  /** Starts the page's data (its `prefetch`) and fetches its chunk: the first load calls it (app/boot.ts). */
  preload?: (context: { params: Params; queryClient: QueryClient }) => Promise<unknown>;
};

/**
 * A lazily loaded page (its own chunk), optionally limited to roles. `prefetch` (in the app's entry,
 * so it needs no page chunk first) starts the page's data and largest image on a first load.
 */
export function page(
  path: string,
  load: () => Promise<{ default: ComponentType }>,
  roles?: Role[],
  prefetch?: RoutePrefetch,
): RouteObject {
  return {
    path,
    handle: {
      roles,
      preload: async (context) => {
        prefetch?.(context);
        await load();
      },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/**
 * React Router's `<Navigate>`, made anew at every location it renders at. A `<Navigate>` only navigates
 * when it mounts or its target changes: when a quick back or forward (or a second malformed address)
 * overtook its first redirect and left the same route on screen, the plain one stayed mounted with the
 * same target and never navigated again, leaving an empty page (e2e/issue28-numeric-ids.spec.ts, CI of
 * 992c474). The address is part of the key because entries the app did not make share one key.
 */
export function Redirect(props: NavigateProps) {
  const { key, pathname, search } = useLocation();
  return <Navigate key={`${key} ${pathname}${search}`} {...props} />;
}
