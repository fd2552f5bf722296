import { type ConsolePage, consolePaths } from '../../config/console';

/** The console's own pages (app/console finds this file): its start, the staff sign-in step, staff, audit. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.home, load: () => import('./routes/home'), access: 'staff' },
  { path: consolePaths.secondFactor, load: () => import('./routes/second-factor'), access: 'public' },
];
