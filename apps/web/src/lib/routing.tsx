import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
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

export type RouteHandle = { roles?: Role[] };

/** A lazily loaded page (its own chunk), optionally limited to roles. */
export function page(
  path: string,
  load: () => Promise<{ default: ComponentType }>,
  roles?: Role[],
): RouteObject {
  return {
    path,
    handle: { roles } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}
