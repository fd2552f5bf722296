import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { paths } from '../config/paths';
import { Redirect, type RouteHandle } from '../lib/routing';
import { BootSplash } from './layouts/boot-splash';
import { useSession } from '../lib/session';

/**
 * SPEC.md §2: on first load the guard shows the splash (which loads the session and comes back);
 * a user whose role is not allowed goes to sign-in; an unknown user type is allowed.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { user, loaded } = useSession();
  const location = useLocation();
  const matches = useMatches();
  if (!loaded || !user) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return (
      <>
        <Redirect to={`${paths.loading}?nextRoute=${encodeURIComponent(next)}`} replace />
        <BootSplash />
      </>
    );
  }
  const roles = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.roles)
    .find((r) => r?.length);
  const type = user.type.toLowerCase();
  const known = type === 'customer' || type === 'dealer';
  if (roles && known && !roles.includes(type)) {
    return <Redirect to={paths.login} replace />;
  }
  return <>{children}</>;
}
