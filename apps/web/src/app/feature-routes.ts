import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../lib/routing';

/** Every feature's routes.tsx, found at build time: a new feature needs no edit here. */
const modules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });

const accountRoutes: RouteObject[] = Object.values(modules).flatMap((m) => m.accountRoutes ?? []);

/**
 * The account section: pages that features contribute as `accountRoutes` (e.g. the shopping history)
 * sit in the account feature's wrapper. Only `app/` composes features (docs/decisions/0003).
 */
const accountSection: RouteObject[] =
  accountRoutes.length === 0
    ? []
    : [
        {
          lazy: async () => ({
            Component: (await import('../features/account/components/account-layout')).default,
          }),
          children: accountRoutes,
        },
      ];

export const protectedRoutes: RouteObject[] = [
  ...Object.values(modules).flatMap((m) => m.protectedRoutes ?? []),
  ...accountSection,
];
export const publicRoutes: RouteObject[] = Object.values(modules).flatMap((m) => m.publicRoutes ?? []);
