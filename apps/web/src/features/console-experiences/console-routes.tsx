import { type ConsolePage, consolePaths } from '../../config/console';

/** The console's experiences (app/console finds this file): the list and one experience's form. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.experiences, load: () => import('./routes/list'), access: 'staff' },
  { path: consolePaths.experience, load: () => import('./routes/edit'), access: 'staff' },
];
