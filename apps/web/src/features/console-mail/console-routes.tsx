import { type ConsolePage, consolePaths } from '../../config/console';

/** The console's outbox (app/console finds this file): the list of mails and one mail. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.mail, load: () => import('./routes/list'), access: 'staff' },
  { path: consolePaths.mailItem, load: () => import('./routes/item'), access: 'staff' },
];
