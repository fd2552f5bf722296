import { type ConsolePage, consolePaths } from '../../config/console';

/** The console's own pages (app/console finds this file): its start, staff sign-in, staff, audit. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.home, load: () => import('./routes/home'), access: 'staff' },
  { path: consolePaths.secondFactor, load: () => import('./routes/second-factor'), access: 'public' },
  { path: consolePaths.invitation, load: () => import('./routes/invitation'), access: 'public' },
  { path: consolePaths.staff, load: () => import('./routes/staff'), access: 'admin' },
  { path: consolePaths.audit, load: () => import('./routes/audit'), access: 'admin' },
];
