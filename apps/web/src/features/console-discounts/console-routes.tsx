import { type ConsolePage, consolePaths } from '../../config/console';

/** Discount codes at the sales desk (app/console finds this file). */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.discounts, load: () => import('./routes/discounts'), access: 'staff' },
];
