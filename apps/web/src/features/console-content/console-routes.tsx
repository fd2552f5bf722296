import { type ConsolePage, consolePaths } from '../../config/console';

/** The content pages of the console (app/console finds this file): FAQ, about, partners, contact. */
export const consoleRoutes: ConsolePage[] = [
  { path: consolePaths.content, load: () => import('./routes/faq'), access: 'staff' },
  { path: consolePaths.contentAbout, load: () => import('./routes/about'), access: 'staff' },
  { path: consolePaths.contentPartners, load: () => import('./routes/partners'), access: 'staff' },
  { path: consolePaths.contentContact, load: () => import('./routes/contact'), access: 'staff' },
];
