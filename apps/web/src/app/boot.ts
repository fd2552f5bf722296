import { matchRoutes } from 'react-router';
import { requestSessionEarly } from '../features/auth/api/auth';
import { queryClient } from '../lib/query-client';
import type { RouteHandle } from '../lib/routing';
import { router, SIGNED_IN_ROUTE_ID } from './router';

/**
 * The first load of a signed-in page goes through the splash (SPEC.md §2), which waits one second.
 * Everything the target page needs starts now, in parallel: the session and the languages (which the
 * splash takes over), the page's chunk and texts, its data and its largest image. When the splash
 * lifts, the page renders from memory.
 */
export function startFirstLoad(): void {
  const matches = matchRoutes(router.routes, window.location, '/panel') ?? [];
  if (!matches.some((m) => m.route.id === SIGNED_IN_ROUTE_ID)) return;
  requestSessionEarly();
  import('../features/auth/routes/splash').catch(() => {});
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    handle?.preload?.({ params: match.params, queryClient }).catch(() => {});
  }
}

/** Resolves when the router has loaded the first location's lazy routes (so nothing renders blank). */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
