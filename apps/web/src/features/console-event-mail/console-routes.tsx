import { type ConsolePage, consolePaths } from '../../config/console';

/** Mail to the people who come (issue 29, docs/event-day.md): write, preview, send, see who got it. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.eventMail, load: () => import('./routes/event-mail'), access: 'staff' },
];
