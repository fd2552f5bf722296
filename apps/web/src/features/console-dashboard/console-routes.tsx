import { type ConsolePage, consolePaths } from '../../config/console';

/** The sales dashboard (app/console finds this file): charts of the sales with their figures. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.dashboard, load: () => import('./routes/dashboard'), access: 'staff' },
];
