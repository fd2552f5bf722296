import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../lib/routing';

/** Every feature's routes.tsx, found at build time: a new feature needs no edit here. */
const modules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });

const accountRoutes: RouteObject[] = Object.values(modules).flatMap((m) => m.accountRoutes ?? []);

/**
 * The account section: every feature's `accountRoutes` (the account screens, the shopping history) sit
 * in one account wrapper, mounted once. Only `app/` composes features (docs/decisions/0003).
 */
const accountSection: RouteObject[] = [
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
