import { type ConsolePage, consolePaths } from '../../config/console';

/** The content pages of the console (app/console finds this file): FAQ, about, partners, contact. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.content, load: () => import('./routes/faq'), access: 'staff' },
];
