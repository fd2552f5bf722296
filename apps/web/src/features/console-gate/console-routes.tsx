import { type ConsolePage, consolePaths } from '../../config/console';

/** The gate on the event day (issue 29, docs/event-day.md): made for a staff phone at the door. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.gate, load: () => import('./routes/gate'), access: 'staff' },
];
