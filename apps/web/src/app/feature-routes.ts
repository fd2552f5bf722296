import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../lib/routing';

/** Every feature's routes.tsx, found at build time: a new feature needs no edit here. */
const modules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });

export const protectedRoutes: RouteObject[] = Object.values(modules).flatMap((m) => m.protectedRoutes ?? []);
export const publicRoutes: RouteObject[] = Object.values(modules).flatMap((m) => m.publicRoutes ?? []);
