import { type ConsolePage, consolePaths } from '../../config/console';

/** The console's sales desk (app/console finds this file): orders and the seat board. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.orders, load: () => import('./routes/orders'), access: 'staff' },
  { path: consolePaths.order, load: () => import('./routes/order'), access: 'staff' },
  { path: consolePaths.seats, load: () => import('./routes/seats'), access: 'staff' },
  { path: consolePaths.seat, load: () => import('./routes/seat'), access: 'staff' },
];
