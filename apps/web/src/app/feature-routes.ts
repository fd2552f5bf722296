import type { RouteObject } from 'react-router';
import { hasCatalogue, loadNamespace } from '../lib/i18n';
import type { FeatureRoutes, RouteHandle } from '../lib/routing';

/** Every feature's routes.tsx, found at build time: a new feature needs no edit here. */
const modules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });

/**
 * A feature's texts (features/<name>/locales, active language only) arrive with its route's chunk,
 * fetched in parallel: a page never waits for them after its code, nor shows a raw key.
 */
function withCatalogue(namespace: string, routes: RouteObject[] = []): RouteObject[] {
  if (!hasCatalogue(namespace)) return routes;
  return routes.map((route) => {
    const { lazy } = route;
    const handle = route.handle as RouteHandle | undefined;
    const preload = handle?.preload;
    return {
      ...route,
      ...(typeof lazy === 'function'
        ? { lazy: async () => (await Promise.all([lazy(), loadNamespace(namespace)]))[0] }
        : {}),
      ...(preload
        ? {
            handle: {
              ...handle,
              preload: (context) => Promise.all([preload(context), loadNamespace(namespace)]),
            } satisfies RouteHandle,
          }
        : {}),
      ...(route.children ? { children: withCatalogue(namespace, route.children) } : {}),
    } as RouteObject;
  });
}

const features = Object.entries(modules).map(([file, routes]) => {
  const namespace = /features\/([^/]+)\/routes\.tsx$/.exec(file)?.[1] ?? '';
  return {
    protectedRoutes: withCatalogue(namespace, routes.protectedRoutes),
    publicRoutes: withCatalogue(namespace, routes.publicRoutes),
    accountRoutes: withCatalogue(namespace, routes.accountRoutes),
  };
});

const accountRoutes: RouteObject[] = features.flatMap((f) => f.accountRoutes);

/**
 * The account section: every feature's `accountRoutes` (the account screens, the shopping history) sit
 * in one account wrapper, mounted once. Only `app/` composes features (docs/decisions/0003).
 */
const accountSection: RouteObject[] = [
  {
    lazy: async () => {
      const [layout] = await Promise.all([
        import('../features/account/components/account-layout'),
        loadNamespace('account'),
      ]);
      return { Component: layout.default };
    },
    children: accountRoutes,
  },
];

export const protectedRoutes: RouteObject[] = [
  ...features.flatMap((f) => f.protectedRoutes),
  ...accountSection,
];
export const publicRoutes: RouteObject[] = features.flatMap((f) => f.publicRoutes);
