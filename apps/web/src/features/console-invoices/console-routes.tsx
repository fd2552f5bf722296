import { type ConsolePage, consolePaths } from '../../config/console';

/** VAT invoices in the console (app/console finds this file): the requests' queue, the issued ones. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.invoices, load: () => import('./routes/requests'), access: 'staff' },
  { path: consolePaths.invoicesIssued, load: () => import('./routes/issued'), access: 'staff' },
];
