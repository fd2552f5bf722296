import { type ConsolePage, consolePaths } from '../../config/console';

/**
 * The event day (issue 29, docs/event-day.md): the gate made for a staff phone at the door, the door
 * list (ticks, printable) and the check-in lists of an experience.
 */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.gate, load: () => import('./routes/gate'), access: 'staff' },
  { path: consolePaths.doorList, load: () => import('./routes/door-list'), access: 'staff' },
  { path: consolePaths.checkInLists, load: () => import('./routes/check-in-lists'), access: 'staff' },
];
