import { type ConsolePage, consolePaths } from '../../config/console';

/** Members and dealers in the console (issue 31): find one; their consents, history and bonus data. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.members, load: () => import('./routes/list'), access: 'staff' },
  { path: consolePaths.member, load: () => import('./routes/member'), access: 'staff' },
];
