import { type ConsolePage, consolePaths } from '../../config/console';

/** The accountant's exports in the console (app/console finds this file): every staff member. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.accounting, load: () => import('./routes/accounting'), access: 'staff' },
];
